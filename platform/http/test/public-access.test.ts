import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('anonymous access through call_kw', () => {
  let tk: TestKernel;
  let visitor: RpcClient;
  let admin: RpcClient;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website', 'mail'], http: true, demo: true });
    visitor = new RpcClient(tk.url);
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  const kw = (model: string, method: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}) =>
    visitor.rpc('/web/dataset/call_kw', { model, method, args, kwargs });

  it('res.partner is refused to visitors with AccessError, for every method', async () => {
    const before = await tk.sudo().model('res.partner').search_count([]);
    for (const [method, args] of [
      ['search_read', [[], ['name']]], ['search_count', [[]]], ['read', [[1], ['name']]], ['create', [{ name: 'Anon' }]],
      ['write', [[1], { name: 'Anon' }]], ['unlink', [[1]]], ['read_group', [[], ['name'], ['name']]], ['name_search', ['a']],
      ['default_get', [['name']]],
    ] as Array<[string, unknown[]]>) {
      const answer = await kw('res.partner', method, args);
      expect(answer.error, method).to.not.equal(undefined);
      expect(answer.error!.data.name, method).to.equal('AccessError');
    }
    expect(await tk.sudo().model('res.partner').search_count([])).to.equal(before);
    expect(visitor.cookie).to.equal(''); // refused calls leave no session behind
  });

  it('default_get is refused to visitors on a model they may neither read nor create (the mail outbox)', async () => {
    const answer = await kw('mail.outbox', 'default_get', [['subject']]);
    expect(answer.error?.data.name).to.equal('AccessError');
    expect(answer.error?.data.message).to.contain('mail.outbox');
  });

  it('website.page: visitors see only published pages', async () => {
    const all = await tk.sudo().model('website.page').search_read([], ['url', 'website_published']);
    const published = all.filter((p) => p.website_published === true).map((p) => p.url).sort();
    const drafts = all.filter((p) => p.website_published !== true).map((p) => p.url);
    expect(published).to.include('/about-us');
    expect(drafts).to.include('/announcement');

    const answer = await kw('website.page', 'search_read', [[], ['url', 'website_published']]);
    const seen = (answer.result as Array<{ url: string; website_published: boolean }>);
    expect(seen.map((p) => p.url).sort()).to.deep.equal(published);
    expect(seen.every((p) => p.website_published === true)).to.equal(true);
    expect((await kw('website.page', 'search_count', [[]])).result).to.equal(published.length);
    expect((await kw('website.page', 'search_count', [[['url', '=', '/announcement']]])).result).to.equal(0);
    expect((await kw('website.page', 'search_read', [[['website_published', '=', false]], ['url']])).result).to.deep.equal([]);
  });

  it('a visitor cannot read a draft by id, nor write or create pages', async () => {
    const [draft] = await tk.sudo().model('website.page').search([['url', '=', '/announcement']]);
    const read = await kw('website.page', 'read', [[draft], ['name']]);
    expect(read.error, 'reading a hidden record fails').to.not.equal(undefined);
    expect(['AccessError', 'MissingError']).to.include(read.error!.data.name);
    expect((await kw('website.page', 'create', [{ name: 'Spam', url: '/spam' }])).error!.data.name).to.equal('AccessError');
    expect((await kw('website.page', 'write', [[draft], { website_published: true }])).error!.data.name).to.equal('AccessError');
    expect(await tk.sudo().model('website.page').search_count([['url', '=', '/spam']])).to.equal(0);
  });

  it('the admin sees drafts too', async () => {
    const total = await tk.sudo().model('website.page').search_count([]);
    expect(await admin.callKw('website.page', 'search_count', [[]])).to.equal(total);
  });

  it('unpublished pages answer 404 to visitors over HTTP, published ones 200', async () => {
    expect((await visitor.get('/about-us')).status).to.equal(200);
    expect((await visitor.get('/announcement')).status).to.equal(404);
    expect((await admin.get('/announcement')).status).to.equal(200);
  });
});

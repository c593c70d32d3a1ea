import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { number, object } from 'yup';
import { InvalidFields } from '@platform/core/errors';
import { MAX_PARAM_DEPTH } from '../param-bounds';
import { checkParams } from '../route-params';
import { postJson, rawRequest, rpcBody } from './support';

type RpcAnswer = { id: unknown; result?: unknown; error?: { code: number; data: { name: string; message: string } } };

/**
 * Values no route may receive, refused for every route before its schema: NUL characters (PostgreSQL
 * refuses them in text and answered an InternalError with an error log; SQLite stored them) and bodies
 * nested thousands of levels deep (the stack overflowed further on).
 */
describe('request values: NUL characters and deep nesting', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  let aboutId: number;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    aboutId = Number((await tk.sudo().model('website.page').search_read([['url', '=', '/about-us']], ['id']))[0].id);
  });
  after(async () => tk?.stop());

  async function answerOf(body: string, client?: RpcClient): Promise<RpcAnswer> {
    const res = client ? await client.fetch('/web/dataset/call_kw', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }) : await postJson(tk.url, '/web/dataset/call_kw', body);
    expect(res.status).to.equal(200);
    return (await res.json()) as RpcAnswer;
  }

  function expectRefused(answer: RpcAnswer, what: RegExp): void {
    expect(answer.error, JSON.stringify(answer).slice(0, 300)).to.not.equal(undefined);
    expect(answer.error!.data.name).to.equal('ValidationError');
    expect(answer.error!.data.message).to.match(what);
  }

  const kw = (model: string, method: string, args: unknown[], kwargs: Record<string, unknown> = {}) => rpcBody({ model, method, args, kwargs });

  it('refuses a NUL in name_search, in a domain value, in a field name and in values to write (nothing written)', async () => {
    expectRefused(await answerOf(kw('res.country', 'name_search', ['Fra\u0000nce'])), /NUL character/);
    expectRefused(await answerOf(kw('res.country', 'search_read', [[['name', 'ilike', 'a\u0000']], ['name']])), /NUL character/);
    expectRefused(await answerOf(kw('res.country', 'search_count', [[['na\u0000me', '=', 'x']]])), /NUL character/);
    const before = await tk.sudo().model('res.partner').search_count([]);
    expectRefused(await answerOf(kw('res.partner', 'create', [{ name: 'Nul\u0000Partner' }]), admin), /NUL character/);
    expectRefused(await answerOf(kw('res.partner', 'create', [{ ['na\u0000me']: 'x' }]), admin), /NUL character/);
    expect(await tk.sudo().model('res.partner').search_count([])).to.equal(before);
  });

  it("refuses a NUL in a module's route too (the follow box's e-mail), following nobody", async () => {
    const visitor = new RpcClient(tk.url);
    const answer = await visitor.rpc('/website_mail/follow', { id: aboutId, object: 'website.page', email: 'nul\u0000byte@example.com' });
    expect(answer.error?.data.name).to.equal('ValidationError');
    expect(answer.error?.data.message).to.match(/NUL character/);
    expect(await tk.sudo().model('res.partner').search_count([['email', 'like', 'nul%byte@example.com']])).to.equal(0);
  });

  it('refuses a NUL in a form post and in a query string with a 400 page', async () => {
    const form = await rawRequest(tk.url, '/website_mail/follow_form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ id: String(aboutId), object: 'website.page', email: 'form\u0000nul@example.com' }).toString(),
    });
    expect(form.status).to.equal(400);
    expect(form.body).to.contain('NUL character');
    expect(await tk.sudo().model('res.partner').search_count([['email', 'like', 'form%nul@example.com']])).to.equal(0);
    const query = await rawRequest(tk.url, '/web/login?redirect=%2F%00x');
    expect(query.status).to.equal(400);
    expect(query.body).to.contain('NUL character');
  });

  it('refuses bodies nested past the limit with a ValidationError, in args, kwargs or the id, and takes real depths', async () => {
    // Written as text: JSON.stringify itself overflows the stack on 10,000 levels.
    const deep = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
    const withDeep = (body: string) => body.replace('"DEEP"', deep);
    expectRefused(await answerOf(withDeep(kw('res.country', 'search_count', ['DEEP']))), /nested too deeply/);
    expectRefused(await answerOf(withDeep(kw('res.country', 'search_read', [[]], { fields: 'DEEP' }))), /nested too deeply/);
    const deepId = await answerOf(withDeep(JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 'DEEP', params: { model: 'res.country', method: 'search_count', args: [[]] } })));
    expectRefused(deepId, /nested too deeply/);
    expect(deepId.id).to.equal(null);
    const nested = (depth: number): unknown => {
      let v: unknown = 1;
      for (let i = 0; i < depth; i++) v = [v];
      return v;
    };
    // A value as deep as the limit (inside the envelope) is refused; a real domain (a few levels) is answered.
    expectRefused(await answerOf(kw('res.country', 'search_count', [nested(MAX_PARAM_DEPTH)])), /nested too deeply/);
    expect((await answerOf(kw('res.country', 'search_count', [['|', ['code', '=', 'FR'], ['code', 'in', ['BE', 'DE']]]]))).result).to.equal(3);
  });

  it('refuses params named like Object members (constructor, toString, __proto__) as unknown, never a 500', async () => {
    const visitor = new RpcClient(tk.url);
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const body = `{"jsonrpc":"2.0","method":"call","id":1,"params":{"id":${aboutId},"object":"website.page","email":"a@example.com","${key}":1}}`;
      const answer = (await (await visitor.fetch('/website_mail/follow', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).json()) as RpcAnswer;
      expect(answer.error?.data.name, key).to.equal('ValidationError');
      // The body parser already refuses `__proto__` keys (Malformed JSON); the others reach the schema.
      expect(answer.error?.data.message).to.match(key === '__proto__' ? /Malformed JSON/ : new RegExp(`Unknown parameter\\(s\\): ${key}`));
    }
    // A query string drops them like any key its page does not know; a form refuses them.
    const schema = object({ page: number().integer() });
    expect(await checkParams(schema, { constructor: '0', toString: '1', page: '2' }, 'query')).to.deep.equal({ page: 2 });
    const refused = await checkParams(schema, { constructor: '0', page: '2' }, 'form').catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(InvalidFields);
    expect(await tk.sudo().model('res.partner').search_count([['email', '=', 'a@example.com']])).to.equal(0);
  });
});

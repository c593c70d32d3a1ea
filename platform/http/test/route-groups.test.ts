import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

/**
 * A route's `groups`: the dispatcher refuses a signed-in caller holding none of them before anything of
 * the request is read (its params, its CSRF token), with the route's `refusal`; the groups' holders
 * and the superuser get through; a visitor is sent to sign in as on any `auth: 'user'` route. The base's
 * site list (JSON) and site settings (page and form) declare the administrators' group.
 */
describe('http: routes declaring the groups they are for', () => {
  let tk: TestKernel;
  let internal: RpcClient;
  let admin: RpcClient;
  before(async () => {
    tk = await bootTestKernel({ modules: [], http: true });
    await tk.get(UserAccounts).create({ name: 'Ivy', login: 'ivy@example.com', password: 'internal-pass-123', groups: ['base.group_user'] });
    internal = new RpcClient(tk.url);
    await internal.authenticate('ivy@example.com', 'internal-pass-123');
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  it('JSON: refuses the others with the route\'s refusal whatever the params; lets the holders reach the params check', async () => {
    for (const params of [{}, { unknown: 1 }]) {
      const answer = await internal.rpc('/web/site/list', params);
      expect(answer.error?.data).to.deep.include({ name: 'AccessError', message: 'Only administrators can manage sites and modules.' });
    }
    expect((await admin.rpc('/web/site/list', { unknown: 1 })).error?.data.name).to.equal('ValidationError');
    expect((await admin.rpc('/web/site/list', {})).result).to.be.an('array').that.is.not.empty;
    expect((await new RpcClient(tk.url).rpc('/web/site/list', {})).error?.code).to.equal(100);
  });

  it('http: the 403 page for the others, a form post refused before its CSRF token is read; the login page for a visitor', async () => {
    const page = await internal.get('/website/settings');
    expect(page.status).to.equal(403);
    expect(await page.text()).to.contain('Only administrators can change the site settings.');
    const post = await internal.postForm('/website/settings', { name: 'Taken over' });
    expect(post.status).to.equal(403);
    expect((await tk.sudo().db('website').select('name')).map((w: { name: string }) => w.name)).to.not.include('Taken over');
    expect((await admin.get('/website/settings')).status).to.equal(200);
    const visitor = await new RpcClient(tk.url).get('/website/settings');
    expect(visitor.status).to.equal(302);
    expect(visitor.headers.get('location')).to.match(/^\/web\/login\?redirect=/);
  });
});

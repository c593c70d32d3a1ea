import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { Session } from '../session';
import { SessionStore } from '../session-store';

describe('personal responses are kept out of caches (Cache-Control: no-store)', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  before(async () => {
    tk = await bootTestKernel({ modules: ['portal'], http: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  const cacheControl = (res: Response) => res.headers.get('cache-control');

  it("auth:'user' routes: the account page and get_session_info", async () => {
    expect(cacheControl(await admin.get('/my/account'))).to.equal('no-store');
    const res = await admin.fetch('/web/session/get_session_info', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"params":{}}' });
    expect(cacheControl(res)).to.equal('no-store');
    // Even the redirect of a visitor to the login page is not worth caching.
    expect(cacheControl(await new RpcClient(tk.url).get('/my/account'))).to.equal('no-store');
  });

  it('every page and JSON answer of a signed-in user, including public routes and the 404 page', async () => {
    for (const path of ['/', '/web/login?redirect=/x', '/no/such/page']) expect(cacheControl(await admin.get(path)), path).to.equal('no-store');
    const res = await admin.fetch('/web/dataset/call_kw', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, params: { model: 'res.partner', method: 'search_read', args: [[]], kwargs: { fields: ['name'], limit: 1 } } }),
    });
    expect(cacheControl(res)).to.equal('no-store');
  });

  it('answers to a visitor holding a session, or setting a cookie (a form with its token)', async () => {
    const visitor = Session.fresh();
    visitor.set('something', 1);
    await tk.kernel.container.get(SessionStore).save(visitor);
    const res = await fetch(`${tk.url}/`, { headers: { Cookie: `session_id=${visitor.sid}` } });
    expect(cacheControl(res)).to.equal('no-store');
    expect(cacheControl(await new RpcClient(tk.url).get('/web/login'))).to.equal('no-store');
  });

  it('not the pages of a visitor without a session, nor what a route declares public or private itself', async () => {
    expect(cacheControl(await fetch(`${tk.url}/`))).to.equal(null);
    const html = await (await admin.get('/')).text();
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    expect(cacheControl(await admin.get(script))).to.equal('public, max-age=31536000, immutable');
  });
});

import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { hashSessionId } from '../session';

describe('logout is protected against cross-site requests', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
  });
  after(async () => tk?.stop());

  async function signedIn(): Promise<RpcClient> {
    const client = new RpcClient(tk.url);
    await client.authenticate('admin', ADMIN_PASSWORD);
    return client;
  }
  const isSignedIn = async (client: RpcClient) => !(await client.rpc('/web/session/get_session_info')).error;
  const tokenIn = (html: string) => /<form[^>]*action="\/web\/session\/logout"[^>]*>.*?name="csrf_token" value="([^"]+)"/s.exec(html)?.[1];

  it('a POST without a token (another site\'s form) does not sign out', async () => {
    const client = await signedIn();
    const res = await client.postForm('/web/session/logout', { redirect: '/' });
    expect(res.status).to.equal(400);
    expect(await isSignedIn(client)).to.equal(true);
    const wrong = await client.postForm('/web/session/logout', { csrf_token: `${'0'.repeat(64)}o9999999999`, redirect: '/' });
    expect(wrong.status).to.equal(400);
    expect(await isSignedIn(client)).to.equal(true);
  });

  it('a GET (a link, an image) does not sign out: it shows a form that does', async () => {
    const client = await signedIn();
    const res = await client.get('/web/session/logout?redirect=/page/x');
    expect(res.status).to.equal(200);
    expect(await isSignedIn(client)).to.equal(true);
    const html = await res.text();
    expect(html).to.contain('name="redirect" value="/page/x"');
    const csrf_token = tokenIn(html)!;
    expect(csrf_token).to.be.a('string');
    const sid = client.cookie.replace(/^session_id=/, '');
    const out = await client.postForm('/web/session/logout', { csrf_token, redirect: '/page/x' });
    expect(out.status).to.equal(302);
    expect(out.headers.get('location')).to.equal('/page/x');
    expect(client.cookie).to.equal('');
    expect(await tk.kernel.db('http_session').where({ id: hashSessionId(sid) }).first()).to.equal(undefined);
  });

  it("the pages' Sign out leads to that form", async () => {
    const client = await signedIn();
    const href = /<a href="([^"]+)"[^>]*>Sign out<\/a>/.exec(await (await client.get('/')).text())![1];
    const csrf_token = tokenIn(await (await client.get(href)).text());
    expect((await client.postForm('/web/session/logout', { csrf_token: csrf_token! })).status).to.equal(302);
    expect(await isSignedIn(client)).to.equal(false);
  });

  it('a GET from someone signed out just goes on to the target', async () => {
    const res = await new RpcClient(tk.url).get('/web/session/logout?redirect=/page/x');
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('/page/x');
  });
});

import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { hashSessionId } from '../session';
import { postJson, rpcBody, sessionSetCookie } from './support';

describe('sessions', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
  });
  after(async () => tk?.stop());

  const sidOf = (client: RpcClient) => client.cookie.replace(/^session_id=/, '');

  it('an anonymous page view sets no cookie', async () => {
    const res = await fetch(`${tk.url}/`);
    expect(res.status).to.equal(200);
    expect(sessionSetCookie(res)).to.equal(undefined);
  });

  it('the session cookie is HttpOnly and SameSite=Lax, with a long random id', async () => {
    const res = await fetch(`${tk.url}/web/login`);
    const cookie = sessionSetCookie(res)!;
    expect(cookie, 'the login form stores a session for its CSRF token').to.be.a('string');
    const attrs = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).to.include('httponly');
    expect(attrs).to.include('samesite=lax');
    expect(attrs).to.include('path=/');
    expect(cookie.split(';')[0].split('=')[1]).to.match(/^[A-Za-z0-9_-]{43}$/);
  });

  it('login gives a new session id, and the pre-login id is worthless afterwards', async () => {
    const client = new RpcClient(tk.url);
    await client.csrfFrom('/web/login');
    const before = sidOf(client);
    expect(before).to.not.equal('');
    await client.authenticate('admin', ADMIN_PASSWORD);
    const after = sidOf(client);
    expect(after).to.not.equal('');
    expect(after).to.not.equal(before);
    const info = await client.call<{ uid: number; username: string }>('/web/session/get_session_info');
    expect(info.username).to.equal('admin');
    const old = await postJson(tk.url, '/web/session/get_session_info', rpcBody({}), { Cookie: `session_id=${before}` });
    expect(((await old.json()) as { error: { code: number } }).error.code).to.equal(100);
  });

  it('authenticate on a fresh client sets an HttpOnly SameSite=Lax cookie', async () => {
    const res = await postJson(tk.url, '/web/session/authenticate', rpcBody({ db: 'test', login: 'admin', password: ADMIN_PASSWORD }));
    const cookie = sessionSetCookie(res)!;
    expect(cookie.toLowerCase()).to.contain('httponly');
    expect(cookie.toLowerCase()).to.contain('samesite=lax');
  });

  it('the X-Openerp-Session-Id header works like the cookie', async () => {
    const client = new RpcClient(tk.url);
    await client.authenticate('admin', ADMIN_PASSWORD);
    const res = await postJson(tk.url, '/web/session/get_session_info', rpcBody({}), { 'X-Openerp-Session-Id': sidOf(client) });
    expect(((await res.json()) as { result: { username: string } }).result.username).to.equal('admin');
  });

  it('logout clears the cookie and ends the session on the server', async () => {
    const client = new RpcClient(tk.url);
    await client.authenticate('admin', ADMIN_PASSWORD);
    const sid = sidOf(client);
    expect(await tk.kernel.db('http_session').where({ id: hashSessionId(sid) }).first()).to.not.equal(undefined);
    const res = await client.get('/web/session/logout');
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('/');
    const cleared = sessionSetCookie(res)!;
    expect(cleared).to.match(/^session_id=;/);
    expect(cleared.toLowerCase()).to.contain('expires=thu, 01 jan 1970');
    expect(client.cookie).to.equal('');
    expect(await tk.kernel.db('http_session').where({ id: hashSessionId(sid) }).first()).to.equal(undefined);
    const again = await postJson(tk.url, '/web/session/get_session_info', rpcBody({}), { Cookie: `session_id=${sid}` });
    expect(((await again.json()) as { error: { code: number } }).error.code).to.equal(100);
  });

  it('/web/session/destroy ends a JSON-RPC session', async () => {
    const client = new RpcClient(tk.url);
    await client.authenticate('admin', ADMIN_PASSWORD);
    const sid = sidOf(client);
    expect(await client.call('/web/session/destroy')).to.equal(true);
    expect(client.cookie).to.equal('');
    const again = await postJson(tk.url, '/web/session/get_session_info', rpcBody({}), { Cookie: `session_id=${sid}` });
    expect(((await again.json()) as { error: { code: number } }).error.code).to.equal(100);
  });

  it('is stored in http_session under a hash, never the raw cookie value', async () => {
    const client = new RpcClient(tk.url);
    await client.authenticate('admin', ADMIN_PASSWORD);
    const sid = sidOf(client);
    const rows: Array<Record<string, unknown>> = await tk.kernel.db('http_session').select('*');
    const mine = rows.find((r) => r.id === hashSessionId(sid));
    expect(mine, 'row keyed by the SHA-256 of the id').to.not.equal(undefined);
    expect(mine!.id).to.match(/^[0-9a-f]{64}$/);
    expect(Number(mine!.uid)).to.be.greaterThan(0);
    for (const row of rows) {
      for (const value of Object.values(row)) expect(String(value)).to.not.contain(sid);
    }
  });
});

import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { hashSessionId, Session } from '../session';
import { SessionStore } from '../session-store';
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

  const sessionRows = async () => Number((await tk.kernel.db('http_session').count({ n: '*' }).first())!.n);

  it('100 anonymous views of the login and sign-up forms store no session', async () => {
    const before = await sessionRows();
    for (let i = 0; i < 50; i++) {
      for (const path of ['/web/login', '/web/signup']) {
        const res = await fetch(`${tk.url}${path}`);
        expect(await res.text()).to.match(/name="csrf_token" value="[^"]+"/);
        expect(sessionSetCookie(res), path).to.equal(undefined);
      }
    }
    expect(await sessionRows()).to.equal(before);
  });

  it("an anonymous form's token lives in an HttpOnly SameSite=Lax cookie, and the form post works (sign-up)", async () => {
    const before = await sessionRows();
    const client = new RpcClient(tk.url);
    const res = await client.get('/web/signup');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('csrf_visitor='))!;
    expect(cookie).to.be.a('string');
    const attrs = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).to.include('httponly');
    expect(attrs).to.include('samesite=lax');
    const csrf_token = /name="csrf_token" value="([^"]+)"/.exec(await res.text())![1];
    expect(await sessionRows()).to.equal(before);
    const posted = await client.postForm('/web/signup', { csrf_token, name: 'Form Poster', login: 'form.poster@example.com', password: 'long-enough-1', confirm_password: 'long-enough-1', redirect: '/' });
    expect(posted.status).to.equal(302);
    expect((await client.call<{ username: string }>('/web/session/get_session_info')).username).to.equal('form.poster@example.com');
    // Signed in now: the visitor's form cookie is dropped.
    expect(posted.headers.getSetCookie().find((c) => c.startsWith('csrf_visitor='))).to.match(/^csrf_visitor=;/);
  });

  it('the session cookie is HttpOnly and SameSite=Lax, with a long random id', async () => {
    const res = await postJson(tk.url, '/web/session/authenticate', rpcBody({ db: 'test', login: 'admin', password: ADMIN_PASSWORD }));
    const cookie = sessionSetCookie(res)!;
    const attrs = cookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).to.include('httponly');
    expect(attrs).to.include('samesite=lax');
    expect(attrs).to.include('path=/');
    expect(cookie.split(';')[0].split('=')[1]).to.match(/^[A-Za-z0-9_-]{43}$/);
  });

  it('login gives a new session id, and the pre-login id is worthless afterwards', async () => {
    // A visitor whose session holds something (or an id planted in their browser) logs in.
    const visitor = Session.fresh();
    visitor.set('something', 1);
    await tk.kernel.container.get(SessionStore).save(visitor);
    const client = new RpcClient(tk.url);
    client.cookie = `session_id=${visitor.sid}`;
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

  it('authenticate and get_session_info never put the session id in JSON (it would undo HttpOnly)', async () => {
    const client = new RpcClient(tk.url);
    const answers = [await client.authenticate('admin', ADMIN_PASSWORD), await client.call('/web/session/get_session_info')];
    const sid = sidOf(client);
    for (const answer of answers) {
      expect(answer).to.not.have.property('session_id');
      expect(JSON.stringify(answer)).to.not.contain(sid);
    }
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
    const csrf_token = /name="csrf_token" value="([^"]+)"/.exec(await (await client.get('/web/session/logout')).text())![1];
    const res = await client.postForm('/web/session/logout', { csrf_token });
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

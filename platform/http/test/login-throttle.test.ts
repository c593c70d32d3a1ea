import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { WINDOW_SLOTS } from '../rate-limiter';

// A year-long window: counters cannot roll over in the middle of the test.
const WINDOW = 365 * 24 * 3600;
const PER_ACCOUNT = 3;
const PER_IP = 8;

describe('login throttling', () => {
  let tk: TestKernel;
  before(async () => {
    // Behind one proxy, so each attempt can come from the address the test picks.
    tk = await bootTestKernel({ modules: ['website'], http: true, config: { trustProxyHops: 1, loginLimits: { perIp: PER_IP, perAccount: PER_ACCOUNT, windowSeconds: WINDOW } } });
  });
  after(async () => tk?.stop());

  let nextAddress = 1;
  const freshAddress = () => `203.0.113.${nextAddress++}`;

  async function formLogin(login: string, password: string, address: string): Promise<{ status: number; html: string; retryAfter: string | null }> {
    const client = new RpcClient(tk.url);
    const headers = { 'X-Forwarded-For': address };
    const form = await (await client.fetch('/web/login', { headers })).text();
    const csrf_token = /name="csrf_token" value="([^"]+)"/.exec(form)![1];
    const res = await client.fetch('/web/login', {
      method: 'POST', redirect: 'manual', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token, login, password, redirect: '/' }).toString(),
    });
    return { status: res.status, html: await res.text(), retryAfter: res.headers.get('retry-after') };
  }

  async function rpcLogin(login: string, password: string, address: string) {
    const res = await fetch(`${tk.url}/web/session/authenticate`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { db: 'test', login, password } }),
    });
    const body = (await res.json()) as { result?: { username: string }; error?: { code: number; data: { message: string } } };
    return { ...body, retryAfter: res.headers.get('retry-after') };
  }

  function expectThrottled(answer: { status: number; html: string; retryAfter: string | null }): void {
    expect(answer.status).to.equal(429);
    expect(answer.html).to.contain('Too many login attempts');
    expect(answer.retryAfter).to.match(/^\d+$/);
    // A hit counts for the window plus at most one of its slots (sliding windows: rate-limiter.ts).
    expect(Number(answer.retryAfter)).to.be.within(1, WINDOW + WINDOW / WINDOW_SLOTS);
  }

  it('wrong passwords from many addresses do not lock the owner out: the right password from a clean address passes', async () => {
    for (let i = 0; i < 10; i++) expect((await formLogin('admin', `wrong-${i}`, freshAddress())).status).to.equal(401);
    expect((await formLogin('admin', ADMIN_PASSWORD, freshAddress())).status).to.equal(302);
    for (let i = 0; i < 10; i++) expect((await formLogin('Admin', `wrong-${i}`, freshAddress())).status).to.equal(401);
    expect((await rpcLogin('admin', ADMIN_PASSWORD, freshAddress())).result!.username).to.equal('admin');
  });

  it(`an address that failed ${PER_ACCOUNT} times for an account is refused for it, even with the right password (429, Retry-After)`, async () => {
    const guesser = freshAddress();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const r = await formLogin('admin', `wrong-${i}`, guesser);
      expect(r.status).to.equal(401);
      expect(r.html).to.contain('Wrong login/password');
    }
    expectThrottled(await formLogin('admin', ADMIN_PASSWORD, guesser));
    const rpc = await rpcLogin('ADMIN', ADMIN_PASSWORD, guesser);
    expect(rpc.error!.code).to.equal(429);
    expect(rpc.error!.data.message).to.contain('Too many login attempts');
    expect(rpc.retryAfter).to.match(/^\d+$/);
    // The owner, elsewhere, still gets in; and that does not let the guesser try again.
    expect((await formLogin('admin', ADMIN_PASSWORD, freshAddress())).status).to.equal(302);
    expectThrottled(await formLogin('admin', ADMIN_PASSWORD, guesser));
  });

  it('once an account has many failures, an address that failed for it once is refused for it', async () => {
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await formLogin('admin', `wrong-${i}`, freshAddress())).status).to.equal(401);
    const mistyped = freshAddress();
    expect((await formLogin('admin', 'typo', mistyped)).status).to.equal(401);
    expectThrottled(await formLogin('admin', ADMIN_PASSWORD, mistyped));
    expect((await formLogin('admin', ADMIN_PASSWORD, freshAddress())).status).to.equal(302);
  });

  it('a very long login is a wrong login, not a server error', async () => {
    const r = await formLogin(`${'x'.repeat(300)}@example.com`, 'wrong', freshAddress());
    expect(r.status).to.equal(401);
    expect(r.html).to.contain('Wrong login/password');
  });

  it('per account: another account is not affected', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ACCOUNT; i++) await formLogin('admin', `wrong-${i}`, address);
    const r = await formLogin('someone@example.com', 'wrong', address);
    expect(r.status).to.equal(401);
    expect(r.html).to.contain('Wrong login/password');
  });

  it(`per address: more than ${PER_IP} attempts from one address are refused, whatever the account`, async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_IP; i++) expect((await formLogin(`user${i}@example.com`, 'wrong', address)).html).to.contain('Wrong login/password');
    expectThrottled(await formLogin('fresh@example.com', 'wrong', address));
    expectThrottled(await formLogin('admin', ADMIN_PASSWORD, address));
  });

  it('sign-up from a throttled address still logs the new account in (no second password check)', async () => {
    const address = freshAddress();
    for (let i = 0; i <= PER_IP; i++) await formLogin(`user${i}@example.com`, 'wrong', address);
    expect((await formLogin('again@example.com', 'wrong', address)).status).to.equal(429);
    const client = new RpcClient(tk.url);
    const headers = { 'X-Forwarded-For': address };
    const form = await (await client.fetch('/web/signup', { headers })).text();
    const csrf_token = /name="csrf_token" value="([^"]+)"/.exec(form)![1];
    const res = await client.fetch('/web/signup', {
      method: 'POST', redirect: 'manual', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf_token, name: 'New Person', login: 'new.person@example.com', password: 'long-enough-1', confirm_password: 'long-enough-1', redirect: '/' }).toString(),
    });
    expect(res.status).to.equal(302);
    const info = await client.rpc('/web/session/get_session_info');
    expect((info.result as { username: string }).username).to.equal('new.person@example.com');
  });
});

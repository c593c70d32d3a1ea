import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

// A year-long window: counters cannot roll over in the middle of the test.
const WINDOW = 365 * 24 * 3600;
const PER_ACCOUNT = 3;
const PER_IP = 8;

describe('login throttling', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, config: { loginLimits: { perIp: PER_IP, perAccount: PER_ACCOUNT, windowSeconds: WINDOW } } });
  });
  after(async () => tk?.stop());

  let attempts = 0;
  async function formLogin(login: string, password: string): Promise<{ status: number; html: string }> {
    attempts++;
    const client = new RpcClient(tk.url);
    const csrf_token = await client.csrfFrom('/web/login');
    const res = await client.postForm('/web/login', { csrf_token, login, password, redirect: '/' });
    return { status: res.status, html: await res.text() };
  }

  it(`per account: after ${PER_ACCOUNT} failures even the right password is refused`, async () => {
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const r = await formLogin('admin', `wrong-${i}`);
      expect(r.status).to.equal(401);
      expect(r.html).to.contain('Wrong login/password');
    }
    const blocked = await formLogin('admin', ADMIN_PASSWORD);
    expect(blocked.status).to.equal(429);
    expect(blocked.html).to.contain('Too many login attempts');
    const rpc = await new RpcClient(tk.url).rpc('/web/session/authenticate', { db: 'test', login: 'Admin', password: ADMIN_PASSWORD });
    attempts++;
    expect(rpc.error!.data.message).to.contain('Too many login attempts');
  });

  it('per account: another account is not affected', async () => {
    const r = await formLogin('someone@example.com', 'wrong');
    expect(r.status).to.equal(401);
    expect(r.html).to.contain('Wrong login/password');
  });

  it(`per IP: more than ${PER_IP} attempts from one address are refused, whatever the account`, async () => {
    expect(attempts).to.be.at.most(PER_IP);
    const results: string[] = [];
    while (attempts < PER_IP) results.push((await formLogin(`user${attempts}@example.com`, 'wrong')).html);
    for (const html of results) expect(html).to.contain('Wrong login/password');
    const blocked = await formLogin('fresh@example.com', 'wrong');
    expect(blocked.status).to.equal(429);
    expect(blocked.html).to.contain('Too many login attempts');
  });

  it('sign-up from a throttled address still logs the new account in (no second password check)', async () => {
    expect((await formLogin('again@example.com', 'wrong')).status).to.equal(429);
    const client = new RpcClient(tk.url);
    const csrf_token = await client.csrfFrom('/web/signup');
    const res = await client.postForm('/web/signup', { csrf_token, name: 'New Person', login: 'new.person@example.com', password: 'long-enough-1', confirm_password: 'long-enough-1', redirect: '/' });
    expect(res.status).to.equal(302);
    const info = await client.rpc('/web/session/get_session_info');
    expect((info.result as { username: string }).username).to.equal('new.person@example.com');
  });
});

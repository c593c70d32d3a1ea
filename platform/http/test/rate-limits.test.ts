import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { WINDOW_SLOTS } from '../rate-limiter';

type Answer = { status: number; retryAfter: string | null; error?: { code: number; message: string; data: { name: string; message: string } } };

/** A retry delay in whole seconds, within the window (plus at most one of its slots: windows slide, see rate-limiter.ts). */
function expectRetryAfter(value: string | null, windowSeconds: number): void {
  expect(value, 'Retry-After').to.match(/^\d+$/);
  expect(Number(value)).to.be.within(1, Math.ceil(windowSeconds * (1 + 1 / WINDOW_SLOTS)));
}

describe('route rate limits: per address, per account, per site', () => {
  let tk: TestKernel;
  let aboutId: number;
  // The sign-up limits of this suite: small, so the site-wide one is reached quickly.
  const SIGNUP = { perIp: 3, perSite: 5, windowSeconds: 3600 };

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true, config: { trustProxyHops: 1, signupLimits: SIGNUP } });
    aboutId = Number((await tk.sudo().model('website.page').search_read([['url', '=', '/about-us']], ['id']))[0].id);
    const accounts = tk.kernel.container.get(UserAccounts);
    for (const login of ['paula@example.com', 'quentin@example.com']) await accounts.create({ name: login, login, password: 'password-123' });
  });
  after(async () => tk?.stop());

  let nextAddress = 1;
  /** A JSON-RPC call from its own client address (the proxy appends it to X-Forwarded-For). */
  async function fromNewAddress(client: RpcClient, path: string, params: Record<string, unknown>): Promise<Answer> {
    const res = await client.fetch(path, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${nextAddress++}` },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params }),
    });
    const body = (await res.json()) as { error?: Answer['error'] };
    return { status: res.status, retryAfter: res.headers.get('retry-after'), error: body.error };
  }

  async function signedIn(login: string): Promise<RpcClient> {
    const client = new RpcClient(tk.url);
    await client.authenticate(login, 'password-123');
    return client;
  }

  it('one account posting comments from many addresses is limited as one client, with Retry-After', async () => {
    const paula = await signedIn('paula@example.com');
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) answers.push(await fromNewAddress(paula, '/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: `comment ${i}` }));
    expect(answers.slice(0, 10).map((a) => a.error?.data.message ?? 'ok')).to.deep.equal(Array(10).fill('ok'));
    for (const refused of answers.slice(10)) {
      expect(refused.error!.code).to.equal(429);
      expect(refused.error!.data.message).to.contain('Too many requests');
      expectRetryAfter(refused.retryAfter, 60);
    }
    // Another account is another client.
    const quentin = await signedIn('quentin@example.com');
    expect((await fromNewAddress(quentin, '/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: 'mine' })).error).to.equal(undefined);
  });

  it("a signed-in user's public writes count against the account too (share counts)", async () => {
    const quentin = await signedIn('quentin@example.com');
    let accepted = 0;
    for (let i = 0; i < 15; i++) if (!(await fromNewAddress(quentin, '/website/share/record', { url: '/page/x', network: 'email' })).error) accepted++;
    expect(accepted).to.equal(10);
    // Visitors, who have no account, are counted per address only.
    const visitor = new RpcClient(tk.url);
    for (let i = 0; i < 12; i++) expect((await fromNewAddress(visitor, '/website/share/record', { url: '/page/x', network: 'email' })).error).to.equal(undefined);
  });

  describe('sign-up', () => {
    async function signUp(address: string, n: number) {
      const client = new RpcClient(tk.url);
      const headers = { 'X-Forwarded-For': address };
      const html = await (await client.fetch('/web/signup', { headers })).text();
      const csrf_token = /name="csrf_token" value="([^"]+)"/.exec(html)![1];
      const login = `new${n}@example.com`;
      return client.fetch('/web/signup', {
        method: 'POST', redirect: 'manual', headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf_token, name: `New ${n}`, login, password: 'long-enough-1', confirm_password: 'long-enough-1', redirect: '/' }).toString(),
      });
    }

    let signups = 0;
    it(`is limited per address (${SIGNUP.perIp}), answering 429 with Retry-After`, async () => {
      for (let i = 0; i < SIGNUP.perIp; i++) expect((await signUp('203.0.113.1', ++signups)).status).to.equal(302);
      const refused = await signUp('203.0.113.1', 100);
      expect(refused.status).to.equal(429);
      expectRetryAfter(refused.headers.get('retry-after'), SIGNUP.windowSeconds);
      expect(await refused.text()).to.contain('Too many requests');
    });

    it(`and on the whole site (${SIGNUP.perSite}), whatever the addresses`, async () => {
      while (signups < SIGNUP.perSite) expect((await signUp(`203.0.113.${10 + signups}`, ++signups)).status).to.equal(302);
      const refused = await signUp('203.0.113.99', 101);
      expect(refused.status).to.equal(429);
      expectRetryAfter(refused.headers.get('retry-after'), SIGNUP.windowSeconds);
      expect(await tk.sudo().model('res.users').search_count([['login', '=', 'new101@example.com']])).to.equal(0);
    });
  });
});

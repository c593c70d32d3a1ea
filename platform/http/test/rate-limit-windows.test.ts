import { expect } from 'chai';
import type { Knex } from 'knex';
import { DatabaseToken } from '@platform/core/tokens';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RateLimiter, WINDOW_SLOTS } from '../rate-limiter';

/** Resolves once `condition` holds, checking every few milliseconds (the clock is what the test waits on). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * The limiter's windows slide: no span of a window's length lets a client past its limit (fixed
 * windows let it send twice the limit across an edge), and an IPv6 client counts as its /64.
 */
describe('rate limits: sliding windows, IPv6 clients per /64', () => {
  let tk: TestKernel;
  let limiter: RateLimiter;
  // The login limits of this suite: a short window, so that the test can straddle its edge.
  const LOGIN = { perIp: 3, perAccount: 50, windowSeconds: 4 };

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, config: { trustProxyHops: 1, loginLimits: LOGIN } });
    limiter = new RateLimiter(tk.kernel.container.get<Knex>(DatabaseToken));
  });
  after(async () => tk?.stop());

  describe('the limiter (database counters, explicit clock)', () => {
    const W = 60;
    const T0 = Date.UTC(2030, 0, 1); // a round time: where a fixed window would have its edge

    it('refuses the limit sent again just after a round time, until the first hits have left the window', async () => {
      for (let i = 0; i < 5; i++) expect((await limiter.take('t.edge', 5, W, 1, T0 - 100)).ok, `hit ${i}`).to.equal(true);
      const refused = await limiter.take('t.edge', 5, W, 1, T0 + 100);
      expect(refused.ok).to.equal(false);
      // The first hits count for the window plus at most one slot; the wait says when they leave it.
      const wait = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
      expect(wait).to.be.within(W - 1, W + W / WINDOW_SLOTS);
      expect((await limiter.take('t.edge', 5, W, 1, T0 + 100 + (wait - 1) * 1000)).ok, 'a second early').to.equal(false);
      expect((await limiter.take('t.edge', 5, W, 1, T0 + 100 + wait * 1000)).ok, 'when told').to.equal(true);
    });

    it('never lets more than the limit through over any span of the window, hits spread over time', async () => {
      const accepted: number[] = [];
      for (let t = 0; t < 3 * W * 1000; t += 700) if ((await limiter.take('t.spread', 20, W, 1, T0 + t)).ok) accepted.push(t);
      for (const start of accepted) {
        const inSpan = accepted.filter((t) => t >= start && t < start + W * 1000).length;
        expect(inSpan, `span starting at ${start} ms`).to.be.at.most(20);
      }
      // ...and the limit is still reached over time (about 20 per window, less at most one slot's worth).
      expect(accepted.length).to.be.at.least(2 * 20);
    });

    it('counts costs, and a refused take counts nothing', async () => {
      expect((await limiter.take('t.cost', 100, W, 60, T0)).ok).to.equal(true);
      for (let i = 0; i < 5; i++) expect((await limiter.take('t.cost', 100, W, 50, T0 + i)).ok).to.equal(false);
      expect(await limiter.count('t.cost', W, T0 + 10)).to.equal(60);
      expect((await limiter.take('t.cost', 100, W, 40, T0 + 20)).ok).to.equal(true);
    });

    it('lets no more than the limit through when taken concurrently', async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, () => limiter.take('t.concurrent', 10, W, 1, T0)));
      expect(answers.filter((a) => a.ok).length).to.equal(10);
      expect(await limiter.count('t.concurrent', W, T0)).to.equal(answers.filter((a) => a.ok).length);
    });
  });

  async function login(address: string, login = 'nobody@example.com'): Promise<{ code: number | null; retryAfter: string | null }> {
    const res = await fetch(`${tk.url}/web/session/authenticate`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { db: 'test', login, password: 'wrong-password' } }),
    });
    const body = (await res.json()) as { error?: { code: number } };
    return { code: body.error?.code ?? null, retryAfter: res.headers.get('retry-after') };
  }

  it(`login attempts: ${LOGIN.perIp} just before a window's edge and ${LOGIN.perIp} just after are not all taken`, async () => {
    const w = LOGIN.windowSeconds * 1000;
    // The second half of a fixed window (they were aligned on multiples of the window): room for three
    // logins (scrypt) before the edge even on a loaded machine.
    await until(() => Date.now() % w >= w * 0.4 && Date.now() % w < w * 0.45);
    const edge = Math.ceil(Date.now() / w) * w;
    for (let i = 0; i < LOGIN.perIp; i++) expect((await login('198.51.100.20')).code, `attempt ${i}`).to.equal(200);
    expect(Date.now(), 'the first attempts ended before the edge').to.be.below(edge);
    await until(() => Date.now() >= edge);
    const after = await login('198.51.100.20');
    expect(after.code).to.equal(429);
    expect(Number(after.retryAfter)).to.be.within(1, LOGIN.windowSeconds + 1);
  });

  it('counts an IPv6 client as its /64, and an IPv4-mapped address as the IPv4 one', async () => {
    for (let i = 1; i <= LOGIN.perIp; i++) expect((await login(`2001:db8:77:1::${i}`)).code).to.equal(200);
    const sameLan = await login('2001:db8:77:1:dead:beef:0:1');
    expect(sameLan.code).to.equal(429);
    expect(sameLan.retryAfter).to.match(/^\d+$/);
    expect((await login('2001:db8:77:2::1')).code, 'the next /64 is another client').to.equal(200);
    for (let i = 0; i < LOGIN.perIp; i++) expect((await login('192.0.2.77')).code).to.equal(200);
    expect((await login('::ffff:192.0.2.77')).code).to.equal(429);
  });

  it("route limits count an IPv6 client as its /64 too (share counts: 10 a minute per client)", async () => {
    const share = async (address: string) => {
      const res = await fetch(`${tk.url}/website/share/record`, {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { url: '/page/x', network: 'email' } }),
      });
      return { code: ((await res.json()) as { error?: { code: number } }).error?.code ?? null, retryAfter: res.headers.get('retry-after') };
    };
    for (let i = 1; i <= 10; i++) expect((await share(`2001:db8:88:1::${i.toString(16)}`)).code, `share ${i}`).to.equal(null);
    const refused = await share('2001:db8:88:1:ffff:ffff:ffff:ffff');
    expect(refused.code).to.equal(429);
    expect(Number(refused.retryAfter)).to.be.within(1, 66);
    expect((await share('2001:db8:88:2::1')).code).to.equal(null);
  });
});

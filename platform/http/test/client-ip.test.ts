import { expect } from 'chai';
import { loadConfig } from '@platform/core/config';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { clientIp } from '../client-ip';

describe('client address behind trusted proxies', () => {
  describe('clientIp()', () => {
    it('without a trusted proxy: the peer, whatever X-Forwarded-For says', () => {
      expect(clientIp('203.0.113.1', '10.0.0.9', 0)).to.equal('10.0.0.9');
      expect(clientIp(undefined, '10.0.0.9', 0)).to.equal('10.0.0.9');
      expect(clientIp(undefined, undefined, 0)).to.equal('');
    });

    it('one proxy: the entry it appended (the right-most), never one the client wrote before it', () => {
      expect(clientIp('198.51.100.7', '10.0.0.9', 1)).to.equal('198.51.100.7');
      expect(clientIp('203.0.113.1, 198.51.100.7', '10.0.0.9', 1)).to.equal('198.51.100.7');
      expect(clientIp('203.0.113.1,203.0.113.2,  198.51.100.7 ', '10.0.0.9', 1)).to.equal('198.51.100.7');
    });

    it('N proxies: the N-th entry from the right', () => {
      expect(clientIp('203.0.113.1, 198.51.100.7, 10.0.0.2', '10.0.0.9', 2)).to.equal('198.51.100.7');
      expect(clientIp('203.0.113.1, 198.51.100.7, 10.0.0.2, 10.0.0.3', '10.0.0.9', 3)).to.equal('198.51.100.7');
    });

    it('fewer entries than proxies: the left-most (the first proxy was reached directly); none: the peer', () => {
      expect(clientIp('198.51.100.7', '10.0.0.9', 2)).to.equal('198.51.100.7');
      expect(clientIp('', '10.0.0.9', 1)).to.equal('10.0.0.9');
      expect(clientIp(undefined, '10.0.0.9', 2)).to.equal('10.0.0.9');
      expect(clientIp('203.0.113.1, ', '10.0.0.9', 1)).to.equal('10.0.0.9');
      expect(clientIp(',198.51.100.7', '10.0.0.9', 2)).to.equal('10.0.0.9');
    });

    it('repeated headers count as one list, in order', () => {
      expect(clientIp(['203.0.113.1', '198.51.100.7, 10.0.0.2'], '10.0.0.9', 2)).to.equal('198.51.100.7');
    });
  });

  it('TRUST_PROXY is a number of proxies; anything else stops the start', () => {
    expect(loadConfig({}).trustProxyHops).to.equal(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxyHops).to.equal(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxyHops).to.equal(2);
    for (const wrong of ['true', 'yes', '-1', '1.5', '1,2']) expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).to.throw(/TRUST_PROXY/);
  });

  /** Records shares from the given X-Forwarded-For until refused; the number accepted. */
  async function sharesAccepted(url: string, forwardedFor: (i: number) => string, tries: number): Promise<number> {
    const client = new RpcClient(url);
    let accepted = 0;
    for (let i = 0; i < tries; i++) {
      const res = await client.fetch('/website/share/record', {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor(i) },
        body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { url: '/page/x', network: 'email' } }),
      });
      if (!((await res.json()) as { error?: unknown }).error) accepted++;
    }
    return accepted;
  }
  // `/website/share/record` allows 10 shares a minute per address.
  const SHARE_LIMIT = 10;

  describe('TRUST_PROXY=1 over HTTP', () => {
    let tk: TestKernel;
    const saved = process.env.TRUST_PROXY;
    before(async () => {
      process.env.TRUST_PROXY = '1';
      try {
        tk = await bootTestKernel({ modules: ['website'], http: true });
      } finally {
        if (saved === undefined) delete process.env.TRUST_PROXY;
        else process.env.TRUST_PROXY = saved;
      }
    });
    after(async () => tk?.stop());

    it('addresses written before the one the proxy appended do not escape a per-address limit', async () => {
      expect(await sharesAccepted(tk.url, (i) => `203.0.113.${i + 1}, 198.51.100.7`, SHARE_LIMIT + 5)).to.equal(SHARE_LIMIT);
    });

    it('each real address still has its own limit', async () => {
      expect(await sharesAccepted(tk.url, (i) => `198.51.100.${100 + i}`, SHARE_LIMIT + 5)).to.equal(SHARE_LIMIT + 5);
    });
  });

  describe('two proxies (trustProxyHops: 2)', () => {
    let tk: TestKernel;
    before(async () => {
      tk = await bootTestKernel({ modules: ['website'], http: true, config: { trustProxyHops: 2 } });
    });
    after(async () => tk?.stop());

    it('the address the first proxy appended counts, not the second proxy nor what the client wrote', async () => {
      expect(await sharesAccepted(tk.url, (i) => `203.0.113.${i + 1}, 198.51.100.8, 10.0.0.${i + 1}`, SHARE_LIMIT + 5)).to.equal(SHARE_LIMIT);
    });
  });
});

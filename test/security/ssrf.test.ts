import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { safeFetch, UnsafeUrlError } from '@platform/http';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';

const SECRET = 'CANARY-SECRET-TITLE';

/**
 * Spellings of this machine's loopback address, each aimed at the canary's port: a server-side fetch
 * that followed any of them would reach the canary (an internal service, as far as the site knows).
 */
function loopbackSpellings(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/`, `http://localhost:${port}/`, `http://LOCALHOST:${port}/`, `http://localhost.:${port}/`,
    `http://127.1:${port}/`, `http://127.0.1:${port}/`, `http://0x7f.0.0.1:${port}/`, `http://0X7F.0X0.0X0.0X1:${port}/`,
    `http://0x7f000001:${port}/`, `http://0x7f.1:${port}/`, `http://2130706433:${port}/`, `http://017700000001:${port}/`,
    `http://0177.0.0.1:${port}/`, `http://0177.0.0.01:${port}/`, `http://127.000.000.001:${port}/`, `http://%31%32%37.0.0.1:${port}/`,
    `http://127\u30020\u30020\u30021:${port}/`, `http://\u2460\u2461\u2466.\u24ea.\u24ea.\u2460:${port}/`,
    `http://0.0.0.0:${port}/`, `http://0:${port}/`, `http://[::]:${port}/`, `http://[::1]:${port}/`, `http://[0000::1]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`, `http://[::ffff:7f00:1]:${port}/`, `http://[::ffff:7f00:0001]:${port}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`, `http://[::127.0.0.1]:${port}/`, `http://[::ffff:0:127.0.0.1]:${port}/`,
    `http://[64:ff9b::127.0.0.1]:${port}/`, `http://[64:ff9b::7f00:1]:${port}/`, `http://[64:ff9b:1::7f00:1]:${port}/`,
    `http://[2002:7f00:1::]:${port}/`, `https://127.0.0.1:${port}/`, `http://127.0.0.1:${port}#@example.com/`,
    `http://example.com@127.0.0.1:${port}/`, `http://user:pass@localhost:${port}/`, `http://sub.localhost:${port}/`,
  ];
}

/** Private, link-local, metadata, carrier-grade NAT, benchmarking and translated forms of them. */
const PRIVATE_TARGETS = [
  'http://169.254.169.254/latest/meta-data/', 'http://0251.0376.0251.0376/', 'http://2852039166/', 'http://0xa9fea9fe/',
  'http://[::ffff:a9fe:a9fe]/', 'http://[64:ff9b::a9fe:a9fe]/', 'http://[fd00:ec2::254]/', 'http://100.64.0.1/',
  'http://100.127.255.254/', 'http://10.0.0.1/', 'http://172.16.0.1/', 'http://192.168.0.1/', 'http://198.18.0.1/',
  'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[::ffff:10.0.0.1]/', 'http://[::ffff:0:a00:1]/', 'http://[2002:a9fe:a9fe::]/',
  'http://224.0.0.1/', 'http://255.255.255.255/', 'file:///etc/passwd', 'gopher://127.0.0.1:6379/_INFO', 'ftp://127.0.0.1/',
];

/**
 * Every server-side fetch of a URL a user typed (the forum's link titles, the link tracker's previews,
 * the slides' upload preview)
 * refuses every way of naming an internal address: the canary on the loopback is never reached, and no
 * private address is even tried (an answer comes at once, not after a connection timeout).
 */
describe('security: server-side fetches refuse internal addresses (SSRF)', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let admin: RpcClient;
  let canary: http.Server;
  let port: number;
  let hits = 0;
  let channelId: number;

  before(async () => {
    canary = http.createServer((_req, res) => {
      hits++;
      res.setHeader('content-type', 'text/html');
      res.end(`<html><head><title>${SECRET}</title></head></html>`);
    });
    await new Promise<void>((resolve) => canary.listen(0, '0.0.0.0', resolve));
    port = (canary.address() as AddressInfo).port;
    tk = await bootTestKernel({ modules: ['forum', 'link_tracker', 'slides'], http: true });
    channelId = await tk.sudo().model('slide.channel').create({ name: 'SSRF probes' });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => {
    await tk?.stop();
    canary?.close();
  });

  const fetchers: Array<{ name: string; fetch: (url: string) => Promise<unknown> }> = [
    { name: 'forum link title', fetch: (url) => admin.rpc('/forum/get_url_title', { url }) },
    { name: 'link tracker preview', fetch: (url) => admin.rpc('/website_links/new', { url }) },
    // Slides fetch only their providers' metadata (YouTube, Google Drive) for an id read from the URL.
    { name: 'slide upload preview', fetch: (url) => admin.rpc('/slides/dialog_preview/', { url, channel_id: channelId }) },
  ];

  it('the canary answers a plain request (so a hit would be seen)', async () => {
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).to.include(SECRET);
    hits = 0;
  });

  for (const fetcher of fetchers) {
    it(`${fetcher.name}: no spelling of the loopback reaches the canary, no private address is tried`, async () => {
      const targets = [...loopbackSpellings(port), ...PRIVATE_TARGETS];
      expect(targets.length).to.be.at.least(60);
      const slow: string[] = [];
      for (const url of targets) {
        await tk.sudo().db('rate_limit').delete();
        const started = Date.now();
        const reply = (await fetcher.fetch(url)) as { error?: { data: { name: string } } };
        const answer = JSON.stringify(reply);
        if (Date.now() - started > 1500) slow.push(url);
        expect(answer, url).not.to.include(SECRET);
        // Refused with a clear message (the URL's scheme or credentials), never a server error.
        if (reply.error) expect(reply.error.data.name, answer).to.be.oneOf(['ValidationError', 'UserError']);
      }
      expect(hits, 'requests that reached the canary').to.equal(0);
      expect(slow, 'targets that were tried (answered after a timeout)').to.deep.equal([]);
    });
  }

  it('names that resolve to internal addresses, and a name that rebinds after the check, are refused', async () => {
    const internal = ['127.0.0.1', '10.1.2.3', '169.254.169.254', '::1', 'fd00::1', '::ffff:192.168.1.1', '100.100.100.200'];
    for (const address of internal) {
      const family = address.includes(':') ? 6 as const : 4 as const;
      const err = await safeFetch(`http://internal.example.test:${port}/`, { resolve: async () => [{ address, family }] }).catch((e: unknown) => e);
      expect(err, address).to.be.instanceOf(UnsafeUrlError);
    }
    // A name answering a public address first and a private one after: the check sees every address.
    const err = await safeFetch(`http://rebind.example.test:${port}/`, {
      resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }],
    }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(UnsafeUrlError);
    expect(hits).to.equal(0);
  });
});

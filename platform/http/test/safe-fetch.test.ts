import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { FetchFailedError, isPublicAddress, safeFetch, UnsafeUrlError, type SafeFetchOptions } from '../safe-fetch';

/** The error a promise rejects with (undefined when it resolves). */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('safe fetch (SSRF guard)', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  const hits: string[] = [];
  const loopbackOnly: SafeFetchOptions = { allowAddress: (a) => a === '127.0.0.1' };

  before(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.headers.host} ${req.url}`);
      const url = req.url ?? '/';
      if (url === '/page') res.writeHead(200, { 'Content-Type': 'text/html' }).end('<title>ok</title>');
      else if (url === '/to-metadata') res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (url === '/to-private-name') res.writeHead(301, { Location: 'http://intranet.test/admin' }).end();
      else if (url === '/to-page') res.writeHead(307, { Location: '/page' }).end();
      else if (url === '/loop') res.writeHead(302, { Location: '/loop' }).end();
      else if (url === '/to-file') res.writeHead(302, { Location: 'file:///etc/passwd' }).end();
      else if (url === '/big') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(Buffer.alloc(3 * 1024 * 1024, 97));
      } else if (url === '/slow') {
        setTimeout(() => res.writeHead(200).end('late'), 3000).unref();
      } else res.writeHead(404).end('missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  describe('address classification', () => {
    const blocked = [
      '127.0.0.1', '127.255.0.9', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1',
      '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.10',
      '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '2001:db8::1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '0:0:0:0:0:ffff:c0a8:0101',
      '64:ff9b::a9fe:a9fe', '64:ff9b::127.0.0.1', '2002:7f00:0001::', '2002:a9fe:a9fe::1', '::127.0.0.1',
      'not-an-ip', '',
    ];
    // Forms the outside probe found taken as public: SIIT (IPv4-translated, RFC 6145) of loopback and
    // metadata, the local-use NAT64 prefix (RFC 8215, the operator's own translator), Teredo, and the
    // IPv4 shorthands only a lax parser reads.
    const translated = [
      '::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:a9fe:a9fe', '::ffff:0:a00:1',
      '64:ff9b:1::a9fe:a9fe', '64:ff9b:1::7f00:1', '64:ff9b:1:ffff::808:808', '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '::7f00:1', '100.64.0.1', '127.1', '0x7f.0.0.1', '2130706433', '3fff::1', '5f00::1',
    ];
    const allowed = [
      '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4007:80f::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1',
      '::ffff:0:808:808', '::ffff:0:8.8.8.8',
    ];

    it('refuses private, loopback, link-local, metadata, reserved ranges (IPv4 and IPv6, mapped forms too)', () => {
      for (const ip of blocked) expect(isPublicAddress(ip), ip).to.equal(false);
    });
    it('classifies IPv4-translated (SIIT) forms as the IPv4 they carry, and never takes the local NAT64 prefix or Teredo for public', () => {
      for (const ip of translated) expect(isPublicAddress(ip), ip).to.equal(false);
    });
    it('accepts public addresses', () => {
      for (const ip of allowed) expect(isPublicAddress(ip), ip).to.equal(true);
    });
  });

  it('refuses schemes other than http(s) and URLs with credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://x/', 'javascript:alert(1)', 'not a url', `http://user:pw@127.0.0.1:${port}/page`]) {
      const err = await failure(safeFetch(url, loopbackOnly));
      expect(err, url).to.be.instanceOf(UnsafeUrlError);
    }
  });

  it('refuses the loopback server unless the caller explicitly allows it', async () => {
    const before = hits.length;
    const err = await failure(safeFetch(`${base}/page`));
    expect(err).to.be.instanceOf(UnsafeUrlError);
    expect(hits.length, 'no connection made').to.equal(before);
    const res = await safeFetch(`${base}/page`, loopbackOnly);
    expect(res.status).to.equal(200);
    expect(res.body.toString()).to.equal('<title>ok</title>');
  });

  it('checks every address a name resolves to, and connects to the checked one (no second lookup)', async () => {
    const before = hits.length;
    const twoFaced = async () => [{ address: '93.184.216.34', family: 4 as const }, { address: '10.0.0.7', family: 4 as const }];
    const err = await failure(safeFetch('http://mixed.test/page', { resolve: twoFaced }));
    expect(err).to.be.instanceOf(UnsafeUrlError);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '169.254.169.254']) {
      const refused = await failure(safeFetch('http://rebind.test/page', { resolve: async () => [{ address, family: address.includes(':') ? 6 : 4 }] }));
      expect(refused, address).to.be.instanceOf(UnsafeUrlError);
    }
    expect(hits.length).to.equal(before);

    const pinned = await safeFetch(`http://named.test:${port}/page`, { ...loopbackOnly, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect(pinned.status).to.equal(200);
    expect(hits[hits.length - 1]).to.equal(`named.test:${port} /page`);
  });

  it('re-checks every redirect hop', async () => {
    for (const path of ['/to-metadata', '/to-file']) {
      const err = await failure(safeFetch(`${base}${path}`, loopbackOnly));
      expect(err, path).to.be.instanceOf(UnsafeUrlError);
    }
    const viaName = await failure(safeFetch(`${base}/to-private-name`, { ...loopbackOnly, resolve: async () => [{ address: '192.168.0.10', family: 4 }] }));
    expect(viaName).to.be.instanceOf(UnsafeUrlError);
    const followed = await safeFetch(`${base}/to-page`, loopbackOnly);
    expect(followed.status).to.equal(200);
    expect(followed.url).to.equal(`${base}/page`);
  });

  it('stops after too many redirects', async () => {
    const err = await failure(safeFetch(`${base}/loop`, { ...loopbackOnly, maxRedirects: 3 }));
    expect(err).to.be.instanceOf(UnsafeUrlError);
    expect((err as Error).message).to.match(/Too many redirects/);
  });

  it('caps the body size', async () => {
    const res = await safeFetch(`${base}/big`, { ...loopbackOnly, maxBytes: 64 * 1024 });
    expect(res.truncated).to.equal(true);
    expect(res.body.length).to.equal(64 * 1024);
  });

  it('gives up at the deadline', async () => {
    const started = Date.now();
    const err = await failure(safeFetch(`${base}/slow`, { ...loopbackOnly, timeoutMs: 300 }));
    expect(err).to.be.instanceOf(FetchFailedError);
    expect(Date.now() - started).to.be.lessThan(2000);
  });

  it('reports failures to connect or resolve as FetchFailedError', async () => {
    for (const [url, opts] of [
      ['http://127.0.0.1:1/', loopbackOnly],
      ['http://nowhere.test/', { resolve: async () => { throw new Error('ENOTFOUND'); } }],
      ['http://empty.test/', { resolve: async () => [] }],
    ] as Array<[string, SafeFetchOptions]>) {
      const err = await failure(safeFetch(url, opts));
      expect(err, url).to.be.instanceOf(FetchFailedError);
    }
  });
});

import { expect } from 'chai';
import { PublicPageCache } from '@platform/http';
import { Kernel, startServer, type RunningServer } from '../../../test/support/kernel';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';

/**
 * Anonymous GETs of pages the public page cache holds are answered before the Koa pipeline, with the
 * pipeline's headers (own CSP nonce, request id, content type); a published change still reaches the
 * next visitor at once, on this process and on another process serving the same database.
 */
describe('website: cached pages answered before the framework', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let second: RunningServer;
  let pageId: number;
  const early = (k: Kernel) => k.container.get(PublicPageCache).earlyHits;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
    pageId = await tk.sudo().model('website.page').create({ name: 'Fresh', url: '/fresh', content: '<p>Version one</p>', website_published: true });
    // Another process on the same database (as WORKERS=2 has): its own kernel, caches and server.
    second = await startServer(await Kernel.boot({ config: tk.kernel.config, autoInstall: false }), 0, { scheduler: false });
  });
  after(async () => {
    await second?.stop();
    await tk?.stop();
  });

  const get = async (base: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  /**
   * The header names and values that do not change per response; the encoding (and so the length)
   * may: the pipeline compresses with brotli, the early answer sends its precompressed gzip (see
   * compression.test.ts).
   */
  const fixed = (h: Headers) => [...h.entries()].filter(([n]) => !['date', 'x-request-id', 'content-security-policy', 'keep-alive', 'connection', 'content-length', 'content-encoding'].includes(n)).sort();

  it('answers a cached page early with the headers of the full pipeline and a fresh nonce', async () => {
    const full = await get(tk.url, '/fresh');
    const before = early(tk.kernel);
    const fast = await get(tk.url, '/fresh', { 'X-Request-Id': 'abc-123' });
    expect(early(tk.kernel)).to.equal(before + 1);
    expect(fast.status).to.equal(200);
    expect(fixed(fast.headers)).to.deep.equal(fixed(full.headers));
    expect(fast.headers.get('x-request-id')).to.equal('abc-123');
    const nonce = (h: Headers) => /'nonce-([^']+)'/.exec(h.get('content-security-policy') ?? '')?.[1];
    expect(nonce(fast.headers)).to.be.a('string').and.not.equal(nonce(full.headers));
    expect(fast.headers.get('content-security-policy')!.replace(nonce(fast.headers)!, '')).to.equal(full.headers.get('content-security-policy')!.replace(nonce(full.headers)!, ''));
    const scriptNonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    for (const n of scriptNonces(fast.html)) expect(n).to.equal(nonce(fast.headers));
    expect(fast.html.replace(/nonce="[^"]+"/g, '')).to.equal(full.html.replace(/nonce="[^"]+"/g, ''));
  });

  it('leaves to the pipeline what it must decide: sessions, a language cookie, other methods, unknown pages', async () => {
    await get(tk.url, '/fresh');
    const before = early(tk.kernel);
    await get(tk.url, '/fresh', { cookie: 'session_id=whatever' });
    await get(tk.url, '/fresh', { cookie: 'frontend_lang=fr_FR' });
    await fetch(`${tk.url}/fresh`, { method: 'HEAD' });
    expect((await get(tk.url, '/no-such-page')).status).to.equal(404);
    expect(early(tk.kernel)).to.equal(before);
  });

  it('a published change reaches the next anonymous visitor at once, on this process and on another one', async () => {
    for (const base of [tk.url, `http://127.0.0.1:${second.port}`]) {
      await get(base, '/fresh');
      expect((await get(base, '/fresh')).html).to.contain('Version one');
    }
    await tk.sudo().model('website.page').write([pageId], { content: '<p>Version two</p>' });
    expect((await get(tk.url, '/fresh')).html).to.contain('Version two');
    // The other process hears of the commit (SQLite: at once; PostgreSQL: a NOTIFY within milliseconds).
    const deadline = Date.now() + (tk.kernel.config.databaseUrl.startsWith('sqlite:') ? 0 : 500);
    let html = (await get(`http://127.0.0.1:${second.port}`, '/fresh')).html;
    while (!html.includes('Version two') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      html = (await get(`http://127.0.0.1:${second.port}`, '/fresh')).html;
    }
    expect(html).to.contain('Version two').and.not.contain('Version one');
    // Unpublished: gone for visitors at once, on both.
    await tk.sudo().model('website.page').write([pageId], { website_published: false });
    expect((await get(tk.url, '/fresh')).status).to.equal(404);
    const until = Date.now() + (tk.kernel.config.databaseUrl.startsWith('sqlite:') ? 0 : 500);
    let status = (await get(`http://127.0.0.1:${second.port}`, '/fresh')).status;
    while (status !== 404 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await get(`http://127.0.0.1:${second.port}`, '/fresh')).status;
    }
    expect(status).to.equal(404);
    expect(early(second.kernel), "the second process served its cached page early before the change").to.be.greaterThan(0);
  });
});

import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { PublicPageCache } from '@platform/http';
import { acceptedEncoding } from '@platform/http';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';

interface Raw { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A GET whose body is kept as sent (fetch would decode it). */
function raw(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? headers['x-body'] ?? '' : undefined);
  });
}

const decode = (r: Raw): string => {
  const enc = r.headers['content-encoding'];
  if (enc === 'gzip') return zlib.gunzipSync(r.body).toString();
  if (enc === 'br') return zlib.brotliDecompressSync(r.body).toString();
  return r.body.toString();
};

/** HTML, JSON and assets are compressed for clients that accept it, on the early (cached) path too. */
describe('compression of answers', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
  });
  after(async () => tk?.stop());

  it('reads Accept-Encoding: brotli first, gzip next, q=0 refuses', () => {
    expect(acceptedEncoding('gzip, deflate, br')).to.equal('br');
    expect(acceptedEncoding('gzip, deflate, br', true)).to.equal('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).to.equal('gzip');
    expect(acceptedEncoding('identity')).to.equal(undefined);
    expect(acceptedEncoding(undefined)).to.equal(undefined);
  });

  it('pages: brotli or gzip through the pipeline, gzip precompressed on the early path, identity otherwise', async () => {
    const plain = await raw(tk.url, '/fr/about-us');
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.headers.vary).to.contain('Accept-Encoding');
    const html = plain.body.toString();
    expect(html).to.contain('Nous sommes une petite équipe');
    const br = await raw(tk.url, '/fr/about-us', { 'Accept-Encoding': 'gzip, br' });
    const cache = tk.kernel.container.get(PublicPageCache);
    const hits = cache.earlyHits;
    // The page is cached: the early path answers, gzip only, its parts deflated once.
    const gz = await raw(tk.url, '/fr/about-us', { 'Accept-Encoding': 'gzip, br' });
    expect(cache.earlyHits).to.equal(hits + 1);
    expect(gz.headers['content-encoding']).to.equal('gzip');
    expect(gz.headers.vary).to.equal('Accept-Encoding');
    expect(Number(gz.headers['content-length'])).to.equal(gz.body.length);
    const gzHtml = decode(gz);
    const nonce = /nonce-([^']+)'/.exec(String(gz.headers['content-security-policy']))![1];
    expect(gzHtml).to.contain(`nonce="${nonce}"`);
    const strip = (s: string) => s.replace(/nonce="[^"]+"/g, '');
    expect(strip(gzHtml)).to.equal(strip(html));
    // Each answer has its own nonce in the same stream.
    const again = await raw(tk.url, '/fr/about-us', { 'Accept-Encoding': 'gzip' });
    expect(strip(decode(again))).to.equal(strip(html));
    expect(decode(again)).not.to.contain(`nonce="${nonce}"`);
    if (br.headers['content-encoding'] === 'br') expect(strip(decode(br))).to.equal(strip(html));
    else expect(cache.earlyHits).to.be.greaterThan(hits); // the first was already cached
    expect(gz.body.length).to.be.lessThan(plain.body.length / 2);
  });

  it('signed-in pages and JSON answers through the pipeline; tiny bodies, images and HEAD as they are', async () => {
    const rpc = await raw(tk.url, '/website/translations', {
      'Accept-Encoding': 'br', 'Content-Type': 'application/json', 'x-body': JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { lang: 'fr_FR' }, id: 1 }),
    }, 'POST');
    expect(rpc.headers['content-encoding']).to.equal('br');
    expect(rpc.headers['content-type']).to.match(/^application\/json/);
    expect(JSON.parse(decode(rpc)).result.lang).to.equal('fr_FR');
    const robots = await raw(tk.url, '/robots.txt', { 'Accept-Encoding': 'gzip' });
    expect(robots.body.length).to.be.lessThan(1024);
    expect(robots.headers['content-encoding']).to.equal(undefined);
    const image = await raw(tk.url, '/website/static/gallery/city-night.jpg', { 'Accept-Encoding': 'gzip, br' });
    expect(image.status).to.equal(200);
    expect(image.headers['content-encoding']).to.equal(undefined);
    const head = await raw(tk.url, '/about-us', { 'Accept-Encoding': 'gzip' }, 'HEAD');
    expect(head.body.length).to.equal(0);
    const asset = /<link rel="stylesheet" href="([^"]+)"/.exec(decode(await raw(tk.url, '/about-us')))![1];
    expect((await raw(tk.url, asset, { 'Accept-Encoding': 'gzip, br' })).headers['content-encoding']).to.equal('gzip');
  });
});

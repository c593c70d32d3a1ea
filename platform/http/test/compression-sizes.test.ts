import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { expect } from 'chai';
import Koa from 'koa';
import { compression, SYNC_COMPRESSED_BYTES } from '../compression';

/**
 * The compression middleware on its own: bodies small enough are compressed in the request's thread,
 * larger ones in zlib's thread pool; both decode to the body, with a window fitted to the body that
 * compresses as well as zlib's and brotli's default ones.
 */
describe('compression: small bodies at once, large ones in the thread pool', () => {
  let server: http.Server;
  let base: string;
  // Text that compresses as a page does, yet not to nothing (numbers vary along it).
  const text = (bytes: number) => Array.from({ length: Math.ceil(bytes / 64) }, (_, i) => `<li class="item">Product ${i * 7919 % 10007} at ${i % 97}.00</li>\n`).join('').slice(0, bytes);
  const bodies: Record<string, string> = { '/small': text(6400), '/edge': text(SYNC_COMPRESSED_BYTES), '/large': text(SYNC_COMPRESSED_BYTES * 3) };

  before(async () => {
    const app = new Koa();
    app.use(compression());
    app.use((ctx) => {
      ctx.type = 'html';
      ctx.body = bodies[ctx.path];
    });
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, encoding: string) => new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http.get(`${base}${path}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });

  for (const encoding of ['gzip', 'br'] as const) {
    it(`${encoding}: every size decodes to the body, as small as with the default window`, async () => {
      for (const [path, body] of Object.entries(bodies)) {
        const res = await get(path, encoding);
        expect(res.headers['content-encoding'], path).to.equal(encoding);
        expect(res.headers['content-type']).to.match(/^text\/html/);
        const decoded = encoding === 'gzip' ? zlib.gunzipSync(res.body) : zlib.brotliDecompressSync(res.body);
        expect(decoded.toString(), path).to.equal(body);
        const usual = encoding === 'gzip'
          ? zlib.gzipSync(Buffer.from(body), { level: 6 })
          : zlib.brotliCompressSync(Buffer.from(body), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        expect(res.body.length, `${path}: ${res.body.length} bytes against ${usual.length}`).to.be.at.most(Math.ceil(usual.length * 1.01));
      }
    });
  }
});

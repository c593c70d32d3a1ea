import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type Koa from 'koa';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies under this size are sent as they are: compressing them costs more than it saves. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Text formats worth compressing; images (PNG, JPEG, WebP), fonts in woff2 and archives are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli, else gzip, when listed without
 * `q=0`; undefined for identity. `gzipOnly`: the hot path's precompressed pages are gzip streams.
 */
export function acceptedEncoding(header: string | string[] | undefined, gzipOnly = false): Encoding | undefined {
  if (!header) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  let found: Encoding | undefined;
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === 'br' && !gzipOnly) return 'br';
    if (name === 'gzip' || name === 'x-gzip') found = 'gzip';
  }
  return found;
}

/**
 * Compresses what Koa answers (pages, JSON-RPC answers, feeds, sitemaps) for clients that accept it:
 * brotli at a fast level (answers are built per request), else gzip. Leaves alone tiny bodies, bodies
 * already encoded (the built assets carry their gzip form), streams, images and HEAD answers. Text
 * answers say `Vary: Accept-Encoding`, so a shared cache keeps one copy per encoding.
 */
export function compression(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body === null || body === undefined || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304) return;
    if (!COMPRESSIBLE.test(ctx.response.type || '')) return;
    if (ctx.response.get('Content-Encoding')) return;
    let bytes: Buffer;
    if (typeof body === 'string') bytes = Buffer.from(body);
    else if (Buffer.isBuffer(body)) bytes = body;
    else if (typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') bytes = Buffer.from(JSON.stringify(body));
    else return; // a stream: sent as it comes
    ctx.vary('Accept-Encoding');
    const contentType = ctx.response.get('Content-Type');
    const encoding = bytes.length < MIN_COMPRESSED_BYTES ? undefined : acceptedEncoding(ctx.get('Accept-Encoding'));
    if (!encoding) {
      // Sent as they are, the bytes encoded above: Node would encode a string (or JSON) body once more.
      if (bytes !== body) {
        ctx.body = bytes;
        ctx.set('Content-Type', String(contentType));
      }
      return;
    }
    const compressed = encoding === 'br'
      ? await brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : await gzip(bytes, { level: 6 });
    ctx.body = compressed;
    // Setting a Buffer body makes Koa call it a download: the type stays the answer's own.
    ctx.set('Content-Type', String(contentType));
    ctx.set('Content-Encoding', encoding);
  };
}

import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type Koa from 'koa';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies under this size are sent as they are: compressing them costs more than it saves. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Bodies up to this size are compressed in this thread, at once. zlib's asynchronous form runs the
 * work in the thread pool behind a stream, and wakes a pool thread for it: for a 6 KB page it cost
 * 306 µs of CPU against 66 µs done synchronously (gzip; brotli 353 against 115 µs), a tenth of a whole
 * checkout request, and under load each answer also waited for a free pool thread. A body this size
 * holds the event loop under a millisecond (32 KB: gzip about 0.7 ms, brotli 0.9 ms here); larger
 * ones (exports, long listings) go to the pool, where the hand-over is small beside their own cost.
 */
export const SYNC_COMPRESSED_BYTES = 32 * 1024;

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
    const compressed = bytes.length <= SYNC_COMPRESSED_BYTES ? compressSync(encoding, bytes) : await compressAsync(encoding, bytes);
    ctx.body = compressed;
    // Setting a Buffer body makes Koa call it a download: the type stays the answer's own.
    ctx.set('Content-Type', String(contentType));
    ctx.set('Content-Encoding', encoding);
  };
}

/**
 * The compressors' options for a body: brotli at a fast level (answers are built per request), gzip at
 * zlib's default level; each with a window no larger than the body (at least the format's minimum): a
 * window bigger than the input finds nothing more, and its memory is allocated and cleared per answer.
 */
function brotliOptions(bytes: Buffer): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      // brotli's window holds 16 bytes less than its power of two; zlib's (below) 262 less.
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(bytes.length + 16, zlib.constants.BROTLI_MIN_WINDOW_BITS, zlib.constants.BROTLI_DEFAULT_WINDOW),
    },
  };
}

function gzipOptions(bytes: Buffer): zlib.ZlibOptions {
  return { level: 6, windowBits: windowBits(bytes.length + 262, 9, 15) };
}

/** The smallest window (as a power of two) that holds `length` bytes, within the format's bounds. */
function windowBits(length: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, Math.ceil(Math.log2(Math.max(1, length)))));
}

function compressSync(encoding: Encoding, bytes: Buffer): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(bytes, brotliOptions(bytes)) : zlib.gzipSync(bytes, gzipOptions(bytes));
}

function compressAsync(encoding: Encoding, bytes: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotli(bytes, brotliOptions(bytes)) : gzip(bytes, gzipOptions(bytes));
}

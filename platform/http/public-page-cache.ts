import zlib from 'node:zlib';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { WriteSignal } from '@platform/db/write-signal';

interface Entry {
  html: string;
  nonce: string;
  /** The page's bytes around each `nonce="..."` (the hot path writes them with the response's nonce between). */
  parts?: Buffer[];
  /** The same parts, each deflated once (see `getGzip`). */
  deflated?: Buffer[];
  generation: number;
  at: number;
}

/**
 * A short-lived cache of the pages anonymous visitors get (routes that opt in with `cache: 'public'`),
 * keyed by site, language and URL. It is emptied by the write signal (`WriteSignal`): any write through
 * this process's database connection (ORM or raw knex), except to tables no public page shows, and the
 * same writes by another process on the same database, so a publish, a comment or a share is visible on
 * the next request. A cached page gets the current response's CSP nonce.
 */
export class PublicPageCache {
  private readonly entries: LRUCache<string, Entry>;
  readonly signal: WriteSignal;
  /** Pages answered before the Koa pipeline (see hot-path.ts), for monitoring and tests. */
  earlyHits = 0;
  private readonly renders = new Map<string, Promise<void>>();

  /**
   * `source`: the kernel's write signal, or a connection to watch (`unseenTables`: what the loaded
   * modules declare in their manifests, base included).
   */
  constructor(source: Knex | WriteSignal, unseenTables: string[] = [], private readonly ttlMs = 2000, maxEntries = 1000) {
    this.signal = source instanceof WriteSignal ? source : new WriteSignal(source, unseenTables);
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** The generation to hand to `set` for a page rendered from now on. */
  generation(): number {
    return this.signal.generation();
  }

  private fresh(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // A page keeps its short lifetime even while writes are signalled exactly: what a page shows also
    // changes with time alone, without a write (an operator's presence going stale offers no chat button,
    // "5 minutes ago", today's events). The per-site caches, which hold no such thing, keep data longer.
    if (e.generation !== this.signal.generation() || Date.now() - e.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  get(key: string, nonce: string): string | undefined {
    const e = this.fresh(key);
    if (!e) return undefined;
    return e.nonce === nonce ? e.html : e.html.split(`nonce="${e.nonce}"`).join(`nonce="${nonce}"`);
  }

  /**
   * The page as bytes to write, with `nonce` in its script tags, and their total length; undefined when
   * not cached. Encoded once per cached page: each answer only writes buffers.
   */
  getBytes(key: string, nonce: string): { chunks: Buffer[]; length: number } | undefined {
    const e = this.fresh(key);
    if (!e) return undefined;
    const parts = (e.parts ??= e.html.split(`nonce="${e.nonce}"`).map((part) => Buffer.from(part)));
    const between = Buffer.from(`nonce="${nonce}"`);
    const chunks: Buffer[] = [];
    let length = 0;
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) {
        chunks.push(between);
        length += between.length;
      }
      chunks.push(parts[i]);
      length += parts[i].length;
    }
    return { chunks, length };
  }

  /**
   * The page gzipped, with `nonce` in its script tags, without compressing it per answer: each part
   * around the nonces is deflated once (a raw deflate ended by a sync flush, so parts can follow each
   * other), and an answer is one gzip stream made of the header, those parts with the nonce between
   * them as stored (uncompressed) blocks, a final empty block and the trailer (CRC-32 and length of
   * the whole page, the only per-answer work: a checksum over the page's bytes).
   */
  getGzip(key: string, nonce: string): { chunks: Buffer[]; length: number } | undefined {
    const e = this.fresh(key);
    if (!e) return undefined;
    const parts = (e.parts ??= e.html.split(`nonce="${e.nonce}"`).map((part) => Buffer.from(part)));
    const deflated = (e.deflated ??= parts.map((part) => zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })));
    const between = Buffer.from(`nonce="${nonce}"`);
    const stored = Buffer.alloc(5);
    stored.writeUInt8(0, 0); // BFINAL=0, BTYPE=00 (stored); byte-aligned after a sync flush
    stored.writeUInt16LE(between.length, 1);
    stored.writeUInt16LE(~between.length & 0xffff, 3);
    const chunks: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) {
        chunks.push(stored, between);
        crc = zlib.crc32(between, crc);
        size += between.length;
      }
      chunks.push(deflated[i]);
      crc = zlib.crc32(parts[i], crc);
      size += parts[i].length;
    }
    const trailer = Buffer.alloc(10);
    trailer.writeUInt8(0x03, 0); // a final, empty block with fixed codes
    trailer.writeUInt8(0x00, 1);
    trailer.writeUInt32LE(crc >>> 0, 2);
    trailer.writeUInt32LE(size >>> 0, 6);
    chunks.push(trailer);
    return { chunks, length: chunks.reduce((n, c) => n + c.length, 0) };
  }

  /** A render of this page under way (see `rendering`), whose result other visitors may wait for. */
  inFlight(key: string): Promise<void> | undefined {
    return this.renders.get(key);
  }

  /**
   * Marks a render of the page as under way until `done` settles: visitors asking for the same page
   * meanwhile wait for it and take it from the cache (one render instead of one per visitor when a
   * busy page was just emptied from the cache).
   */
  rendering(key: string, done: Promise<unknown>): void {
    const settled = done.then(() => undefined, () => undefined).finally(() => {
      if (this.renders.get(key) === settled) this.renders.delete(key);
    });
    this.renders.set(key, settled);
  }

  /**
   * Keeps a page. `generation`: the one read before rendering it began, so a page rendered while a
   * change was being written (and maybe from data before it) is not kept past that change.
   */
  set(key: string, html: string, nonce: string, generation = this.signal.generation()): void {
    if (generation !== this.signal.generation()) return;
    this.entries.set(key, { html, nonce, generation, at: Date.now() });
  }
}

/** gzip's member header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

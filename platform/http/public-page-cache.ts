import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { WriteSignal } from '@platform/db/write-signal';

interface Entry {
  html: string;
  nonce: string;
  generation: number;
  at: number;
}

/**
 * A short-lived cache of the pages anonymous visitors get (routes that opt in with `cache: 'public'`),
 * keyed by site, language and URL. It is emptied by the write signal (`WriteSignal`): any write through
 * this process's database connection (ORM or raw knex), except to tables no public page shows, and any
 * commit of another process on the same database, so a publish, a comment or a share is visible on the
 * next request. A cached page gets the current response's CSP nonce.
 */
export class PublicPageCache {
  private readonly entries: LRUCache<string, Entry>;
  readonly signal: WriteSignal;
  /** Pages answered before the Koa pipeline (see hot-path.ts), for monitoring and tests. */
  earlyHits = 0;

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

  get(key: string, nonce: string): string | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.generation !== this.signal.generation() || Date.now() - e.at > this.signal.lifetime(this.ttlMs)) {
      this.entries.delete(key);
      return undefined;
    }
    return e.nonce === nonce ? e.html : e.html.split(`nonce="${e.nonce}"`).join(`nonce="${nonce}"`);
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

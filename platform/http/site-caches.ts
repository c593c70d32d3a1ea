import { LRUCache } from 'lru-cache';
import type { WriteSignal } from '@platform/db/write-signal';

/** Kept at most this long while other processes' changes are not signalled (see WriteSignal.exact). */
const TTL_MS = 2000;

interface Entry<V> {
  value: V;
  generation: number;
  at: number;
}

/**
 * A bounded cache of what pages read on every request (a site's menu, its footer's lists, its
 * appearance), keyed by the caller (site, language, audience...). An entry is dropped by the write
 * signal that empties the public page cache, so a change shows on the next page, on every process.
 * Loads are shared: while a key is loading, other requests wait for the same load; a load that
 * overlapped a change is returned but not kept.
 */
export class SiteCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly loading = new Map<string, { generation: number; promise: Promise<V> }>();

  /** Bumped by a write to one of `tables` here, or any change elsewhere (a cache scoped to its tables). */
  private scoped = 0;

  /**
   * `tables`: the tables the cached values are read from, when they are known exactly (a currency, a
   * provider): entries are then dropped by writes to those tables only (and by any change made by
   * another process), not by every write a page may show (a visitor's new contact at each checkout).
   */
  constructor(private readonly signal: WriteSignal, max = 500, private readonly ttlMs = TTL_MS, private readonly tables?: readonly string[]) {
    this.entries = new LRUCache({ max });
    if (tables) signal.watch([...tables], () => void (this.scoped += 1));
  }

  /** The generation entries are kept under: the signal's, or (scoped to tables) the count of their writes. */
  private generation(): number {
    // Always asked: on SQLite it is what notices another process's commit (and tells the watchers).
    const all = this.signal.generation();
    return this.tables ? this.scoped : all;
  }

  /** The cached value, or undefined: for callers that cannot wait (hot paths). */
  peek(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.generation !== this.generation() || Date.now() - e.at > this.signal.lifetime(this.ttlMs)) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const e = this.entries.get(key);
    const generation = this.generation();
    if (e && e.generation === generation && Date.now() - e.at <= this.signal.lifetime(this.ttlMs)) return Promise.resolve(e.value);
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.promise;
    const promise = load().then((value) => {
      if (this.generation() === generation) this.entries.set(key, { value, generation, at: Date.now() });
      return value;
    }).finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { generation, promise });
    return promise;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }
}

/** Makes the per-site caches of a kernel, all tied to its write signal. */
export class SiteCaches {
  constructor(readonly signal: WriteSignal) {}

  /** `tables`: see SiteCache's constructor (dropped by writes to these tables only). */
  create<V>(max = 500, tables?: readonly string[]): SiteCache<V> {
    return new SiteCache<V>(this.signal, max, TTL_MS, tables);
  }
}

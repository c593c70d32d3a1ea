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

  constructor(private readonly signal: WriteSignal, max = 500, private readonly ttlMs = TTL_MS) {
    this.entries = new LRUCache({ max });
  }

  /** The cached value, or undefined: for callers that cannot wait (hot paths). */
  peek(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.generation !== this.signal.generation() || Date.now() - e.at > this.signal.lifetime(this.ttlMs)) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const e = this.entries.get(key);
    const generation = this.signal.generation();
    if (e && e.generation === generation && Date.now() - e.at <= this.signal.lifetime(this.ttlMs)) return Promise.resolve(e.value);
    const pending = this.loading.get(key);
    if (pending && pending.generation === generation) return pending.promise;
    const promise = load().then((value) => {
      if (this.signal.generation() === generation) this.entries.set(key, { value, generation, at: Date.now() });
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

  create<V>(max = 500): SiteCache<V> {
    return new SiteCache<V>(this.signal, max);
  }
}

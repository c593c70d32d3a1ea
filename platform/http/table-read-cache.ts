import { LRUCache } from 'lru-cache';
import type { WriteSignal } from '@platform/db/write-signal';

/** Kept at most this long while other processes' changes are not signalled (WriteSignal.exact()). */
const SHORT_LIFETIME_MS = 2000;

interface Entry<V> {
  value: V;
  at: number;
}

/**
 * Values read from a few known tables (the forum's threads and forum rows, say), kept until one of those
 * tables changes: exact, not a guess with a lifetime. A per-site cache (SiteCache) is dropped by the
 * write signal when a write starts; that is not enough here, where a post must show on the very next
 * page: on PostgreSQL a read on another connection while the writing transaction is still open would
 * see the old rows and be kept. So, as the session cache does:
 *
 * - a write to a watched table through this process drops everything when it starts and when it ends;
 *   one inside a transaction drops everything again when the transaction's connection goes back to
 *   the pool (committed or rolled back), and nothing is kept while such a transaction is open;
 * - a read that a change overlapped (started before it) is returned but not kept;
 * - another process's change (the write signal: SQLite's data_version, PostgreSQL's NOTIFY) drops
 *   everything; while the signal cannot vouch for other processes, entries live 2 s at most.
 *
 * Callers must not load inside a transaction of their own (what it wrote may be rolled back): they
 * read directly there.
 */
export class TableReadCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly loading = new Map<string, { version: number; promise: Promise<V> }>();
  /** Bumped by every change seen: a load that started under another version is not kept. */
  private version = 0;
  /** The connections whose open transaction wrote a watched table. */
  private readonly openWriters = new Set<string>();

  /**
   * `max`: entries at most; `sizeOf`, with `maxSize`: entries' sizes (their text, say) kept within it
   * (a value larger than `maxSize` is returned and not kept).
   */
  constructor(private readonly signal: WriteSignal, tables: readonly string[], max: number, bound?: { maxSize: number; sizeOf: (value: V) => number }) {
    this.entries = bound
      ? new LRUCache({ max, maxSize: bound.maxSize, sizeCalculation: (e) => Math.max(1, bound.sizeOf(e.value)) })
      : new LRUCache({ max });
    // This process's writes, statement by statement (with their transactions' ends); `watch` hears of other processes' changes.
    signal.watch([...tables], (_table, elsewhere) => {
      if (elsewhere) this.changed();
    });
    signal.watchWrites(tables, {
      started: (w) => {
        if (w.transaction !== undefined) this.openWriters.add(w.transaction);
        this.changed();
      },
      ended: () => this.changed(),
      transactionEnded: (connection) => {
        if (this.openWriters.delete(connection)) this.changed();
      },
    });
  }

  private changed(): void {
    this.version++;
    this.entries.clear();
  }

  /** The value of `key`, loaded once for concurrent callers, kept while nothing it was read from changed. */
  get(key: string, load: () => Promise<V>): Promise<V> {
    // Reads SQLite's data_version (once per turn): another process's commit drops the entries first.
    this.signal.generation();
    const e = this.entries.get(key);
    if (e && Date.now() - e.at <= this.signal.lifetime(SHORT_LIFETIME_MS)) return Promise.resolve(e.value);
    const version = this.version;
    const pending = this.loading.get(key);
    if (pending && pending.version === version) return pending.promise;
    const promise = load().then((value) => {
      this.signal.generation();
      if (this.version === version && this.openWriters.size === 0) this.entries.set(key, { value, at: Date.now() });
      return value;
    }).finally(() => {
      if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
    });
    this.loading.set(key, { version, promise });
    return promise;
  }
}

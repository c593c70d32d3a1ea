import type { Knex } from 'knex';
import { knexDialect } from './connection';

/** An INSERT, UPDATE or DELETE, and the table it writes. */
const WRITE = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+[`"]?([\w.]+)/i;

/** A change made elsewhere: the tables are not known (another process). */
export const ELSEWHERE = null;

type Watcher = (table: string | null) => void;

/**
 * The one signal that what pages show may have changed: every cache of rendered or read-for-pages
 * data (the public page cache, the per-site caches of menus, footers and appearances) is dropped by it.
 *
 * - Writes through this process's connection (ORM or raw knex) to any table but the `unseenTables`
 *   the modules declare (sessions, rate limits, click logs...) bump it at once.
 * - Writes by other processes on the same database (WORKERS, the CLI): on SQLite, `PRAGMA
 *   data_version` of this process's connection changes whenever another connection commits, read on
 *   each `generation()` call (a prepared one-row pragma, about a microsecond); on PostgreSQL, writers
 *   send a NOTIFY when they commit (see `notifyOnCommit`) that the listener (`listen`) turns into a bump.
 *
 * `generation()` changes whenever one of these happens; a cache stores the generation it read under
 * and drops an entry whose generation is no longer current.
 */
export class WriteSignal {
  private local = 0;
  private readonly watchers: Array<{ tables: Set<string> | null; fn: Watcher }> = [];
  private readonly unseen: Set<string>;
  /** SQLite: reads this connection's data_version (undefined until the connection is at hand). */
  private dataVersion?: () => number;
  private lastDataVersion = -1;

  constructor(private readonly db: Knex, unseenTables: Iterable<string> = []) {
    this.unseen = new Set(unseenTables);
    db.on('query', (q: { sql?: string }) => {
      const m = q.sql ? WRITE.exec(q.sql) : null;
      if (m) this.written(m[1].replace(/^.*\./, ''));
    });
    if (knexDialect(db) === 'sqlite') this.watchSqliteFile();
  }

  /** Current generation: different after any write that a page may show, here or (see above) elsewhere. */
  generation(): number {
    if (this.dataVersion) {
      let v: number;
      try {
        v = this.dataVersion();
      } catch {
        // The connection is gone (the kernel is stopping, or swapped): nothing can be trusted.
        this.dataVersion = undefined;
        v = -2;
      }
      if (v !== this.lastDataVersion) {
        const first = this.lastDataVersion === -1;
        this.lastDataVersion = v;
        if (!first) this.changedElsewhere();
      }
    }
    return this.local;
  }

  /** Called with the table written (or null: a change made elsewhere) on every change seen. */
  watch(tables: string[] | null, fn: Watcher): void {
    this.watchers.push({ tables: tables ? new Set(tables) : null, fn });
  }

  /** A write to `table` through this process (the query listener calls it; tests may too). */
  written(table: string): void {
    if (this.unseen.has(table)) {
      for (const w of this.watchers) if (w.tables?.has(table)) w.fn(table);
      return;
    }
    this.local++;
    for (const w of this.watchers) if (!w.tables || w.tables.has(table)) w.fn(table);
  }

  /** Another process changed the database (tables unknown): everything cached is dropped. */
  changedElsewhere(): void {
    this.local++;
    for (const w of this.watchers) w.fn(ELSEWHERE);
  }

  /**
   * better-sqlite3 runs in this thread and knex keeps exactly one connection (pool min = max = 1):
   * it is borrowed once and its `data_version` read synchronously from then on.
   */
  private watchSqliteFile(): void {
    const client = this.db.client as { acquireConnection(): Promise<SqliteConnection>; releaseConnection(c: unknown): Promise<void> };
    client.acquireConnection().then(async (conn) => {
      try {
        const stmt = conn.prepare('PRAGMA data_version').pluck();
        this.dataVersion = () => stmt.get() as number;
        this.lastDataVersion = this.dataVersion();
      } finally {
        await client.releaseConnection(conn);
      }
    }, () => undefined);
  }
}

interface SqliteConnection {
  prepare(sql: string): { pluck(): { get(): unknown } };
}

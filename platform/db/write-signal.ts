import crypto from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { knexDialect } from './connection';
import { sqliteStatementsRun } from './sqlite-client';
import { REACH_UNKNOWN, TableWrites, type TableWriteWatcher } from './table-writes';
import { parseWrite, type WriteVerb } from './write-statement';
import { notifyOnWrites, pgForeignKeyReach } from './pg-write-notifications';
import { ensureWriteCounts, type ForeignKeyReach, foreignKeyReach, reachOf, type SqliteConnection as CountsConnection, sqliteForeignKeys, WriteCounts, writeCountsInPlace } from './sqlite-write-counts';

/** PostgreSQL channel on which writers tell the other processes that they committed a change. */
export const WRITE_CHANNEL = 'platform_writes';
const RETRY_MS = [500, 1000, 2000, 5000];
/** While every change is signalled, cached data is still read again this often (a safety net). */
const EXACT_LIFETIME_MS = 60_000;

/** A change made elsewhere whose tables are not known (another process): every watcher hears it. */
export const ELSEWHERE = null;

/**
 * Told of a change to one of its tables: `table` (null when another process changed tables not known),
 * and whether it was made `elsewhere` (another process: its writes are not followed statement by statement).
 */
type Watcher = (table: string | null, elsewhere: boolean) => void;

/**
 * The one signal that what pages show may have changed: every cache of rendered or read-for-pages
 * data (the public page cache, the per-site caches of menus, footers and appearances) is dropped by it.
 *
 * - Writes through this process's connection (ORM or raw knex) to any table but the `unseenTables`
 *   the modules declare (sessions, rate limits, click logs...) bump it at once.
 * - Writes by other processes on the same database (WORKERS, the CLI), table by table: on SQLite,
 *   `PRAGMA data_version` of this process's connection changes whenever another connection commits,
 *   read on each `generation()` call (a prepared one-row pragma, about a microsecond), and then the
 *   tables' write counts that triggers keep tell which tables it wrote (sqlite-write-counts.ts); on
 *   PostgreSQL, writers send a NOTIFY naming each table when they commit (pg-write-notifications.ts)
 *   that the listener (`listen`) turns into the same. A commit elsewhere that wrote only unseen tables
 *   (a session, a rate limit, an order) leaves the caches of pages alone, as it does here.
 *
 * `generation()` changes whenever one of these happens; a cache stores the generation it read under
 * and drops an entry whose generation is no longer current.
 */
export class WriteSignal {
  private local = 0;
  private readonly watchers: Array<{ tables: Set<string> | null; fn: Watcher }> = [];
  /** Statement by statement, for the watchers of `watchWrites` (made on the first). */
  private tableWrites?: TableWrites;
  private readonly unseen: Set<string>;
  /** Unseen tables whose updates and deletes other processes still hear of (see `announce`). */
  private readonly announced = new Set<string>();
  /** SQLite: reads this connection's data_version (undefined until the connection is at hand). */
  private dataVersion?: () => number;
  /** SQLite: the tables' write counts (undefined until their triggers are in place: any change is then everything). */
  private counts?: WriteCounts;
  /** SQLite: the triggers are being made again (a table was announced, the schema changed): changes are everything meanwhile. */
  private countsPending = false;
  private countsWanted = false;
  /**
   * The tables a delete or an update of a table may change through foreign keys (cascades, SET NULL),
   * transitively: a write's statement names only its own table. Undefined until read from the
   * catalogue; meanwhile a change elsewhere on PostgreSQL is taken as everything (SQLite's triggers see
   * cascades themselves).
   */
  private dependents?: ForeignKeyReach;
  /** SQLite: the connection watched and the counts made (see `settled`). */
  private sqliteWatched: Promise<void> = Promise.resolve();
  private countsMade: Promise<void> = Promise.resolve();
  private lastDataVersion = -1;
  /** data_version was read in this turn of the event loop (see `generation`). */
  private readThisTurn = false;
  private readonly nextTurn = () => void (this.readThisTurn = false);
  private statementsSeen = -1;
  /** An in-memory SQLite database: no other connection can change it. */
  private readonly memory: boolean = false;

  /** PostgreSQL: this process's mark on its notifications (its own writes are already counted). */
  private readonly origin = crypto.randomUUID();
  private listener?: pg.Client;
  private stopped = false;
  private retry = 0;
  private retryTimer?: NodeJS.Timeout;

  constructor(private readonly db: Knex, unseenTables: Iterable<string> = []) {
    this.unseen = new Set(unseenTables);
    const postgres = knexDialect(db) === 'postgres';
    db.on('query', (q: { sql?: string }) => {
      const write = parseWrite(q.sql);
      if (write) this.written(write.table, write.verb);
    });
    if (postgres) {
      notifyOnWrites(db, this);
      void this.listen();
      // Stopped with the pool it watches, however that pool is closed (kernel stop, a swapped-out kernel).
      const pool = (db.client as { pool?: { on(event: string, fn: () => void): void } }).pool;
      pool?.on('poolDestroyRequest', () => void this.stop());
      const list = signals.get(db) ?? [];
      list.push(this);
      signals.set(db, list);
    } else {
      const filename = (db.client.config.connection as { filename?: string } | undefined)?.filename;
      this.memory = !filename || filename === ':memory:';
      this.sqliteWatched = this.memory ? this.readSqliteForeignKeys() : this.watchSqliteFile();
    }
  }

  /** Stops listening (PostgreSQL); called when the pool is destroyed. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  /**
   * The NOTIFY this process sends after a write that pages may show (null for unseen tables and reads);
   * for an announced unseen table's update or delete, one that names the table (see `announce`).
   */
  notifyFor(sql: string): string | null {
    const write = parseWrite(sql);
    if (!write) return null;
    const { table, verb } = write;
    if (this.unseen.has(table) && (!this.announced.has(table) || verb === 'insert')) return null;
    // The verb tells the tables it reaches through foreign keys (see `dependents`): an insert none.
    return `NOTIFY ${WRITE_CHANNEL}, '${this.origin} ${table} ${verb}'`;
  }

  /**
   * Other processes hear of this unseen table's updates and deletes (PostgreSQL: a NOTIFY naming it;
   * SQLite: data_version sees every commit anyway): their watchers of the table are called with
   * ELSEWHERE, while the caches of pages are left alone. For a per-process copy of rows (sessions) that
   * must never outlive a change made elsewhere. Inserts are not announced: a copy of rows that exist
   * cannot be made stale by a new one.
   */
  announce(table: string): void {
    if (this.announced.has(table)) return;
    this.announced.add(table);
    // SQLite: its update and delete triggers are made (the counts watched so far do not cover it).
    if (this.counts && this.unseen.has(table)) this.makeCounts();
  }

  private async listen(): Promise<void> {
    // knex keeps a plain URL as it parsed it (user, host, database...), an object as given: either suits pg.
    const config = this.db.client.config.connection as string | pg.ClientConfig;
    const client = new pg.Client(typeof config === 'string' ? { connectionString: config } : { ...config });
    client.on('notification', (msg) => {
      if (msg.channel !== WRITE_CHANNEL || !msg.payload) return;
      const [origin, table, verb] = msg.payload.split(' ');
      if (origin === this.origin) return;
      // A payload without a table: a writer that does not name them (everything changed). Without a
      // verb: an earlier version's update or delete (its inserts were marked).
      if (table) this.tableChangedElsewhere(table, verb === 'insert' || verb === 'update' || verb === 'delete' ? verb : 'update or delete');
      else this.changedElsewhere();
    });
    const lost = () => {
      if (this.listener !== client && this.listener !== undefined) return;
      this.listener = undefined;
      client.removeAllListeners();
      client.end().catch(() => undefined);
      if (this.stopped) return;
      // Whatever was written while nobody listened: dropped as changed.
      this.changedElsewhere();
      this.retryTimer = setTimeout(() => void this.listen(), RETRY_MS[Math.min(this.retry++, RETRY_MS.length - 1)]);
      this.retryTimer.unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${WRITE_CHANNEL}`);
      this.dependents = await pgForeignKeyReach(client);
    } catch {
      lost();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.retry = 0;
    this.changedElsewhere();
  }

  /**
   * Current generation: different after any write that a page may show, here or (see above) elsewhere.
   * SQLite's data_version is read once per turn of the event loop (the hot paths ask several times per
   * request, and a turn answers many requests under load), and again after any write through a SQLite
   * connection of this process (another kernel's, in the same turn): what another process commits
   * during a turn is seen from the next, as if the requests read in that turn had come just before it.
   */
  generation(): number {
    if (this.dataVersion && (!this.readThisTurn || this.statementsSeen !== sqliteStatementsRun())) {
      if (!this.readThisTurn) setImmediate(this.nextTurn);
      this.readThisTurn = true;
      this.statementsSeen = sqliteStatementsRun();
      let v: number;
      try {
        v = this.dataVersion();
      } catch {
        // The connection was replaced (or the kernel is stopping): nothing can be trusted; watch the new one.
        this.dataVersion = undefined;
        this.lastDataVersion = -1;
        this.changedElsewhere();
        if (!this.stopped) this.sqliteWatched = this.watchSqliteFile(true);
        return this.local;
      }
      if (v !== this.lastDataVersion) {
        const first = this.lastDataVersion === -1;
        this.lastDataVersion = v;
        if (!first) this.committedElsewhere();
      }
    }
    return this.local;
  }

  /**
   * Resolves once this signal watches its SQLite file and reads the tables' write counts (or found it
   * could not): from then on, other processes' commits are told table by table. For tests and tools.
   */
  async settled(): Promise<void> {
    await this.sqliteWatched;
    await this.countsMade;
  }

  /**
   * Whether changes made by other processes are signalled (SQLite: the connection is watched;
   * PostgreSQL: the LISTEN connection is up). Caches keep entries much longer while it is so, and
   * fall back to a short lifetime otherwise.
   */
  exact(): boolean {
    return this.dataVersion !== undefined || this.listener !== undefined || this.memory;
  }

  /** How long a cache may keep something unchanged: long while `exact()`, else `shortMs`. */
  lifetime(shortMs: number): number {
    return this.exact() ? EXACT_LIFETIME_MS : shortMs;
  }

  /**
   * The writes through this process to these tables, statement by statement, with their transactions'
   * ends: for a per-process copy of rows that must drop exactly what a write changes (with `watch` for
   * the other processes' changes). An update or delete of another table whose foreign keys reach one of
   * them is told too (`cascadedFrom`), once the foreign keys are read (see `dependents`).
   */
  watchWrites(tables: readonly string[], watcher: TableWriteWatcher): void {
    (this.tableWrites ??= new TableWrites(this.db, (table, verb) => this.reach(table, verb))).watch(tables, watcher);
  }

  /** Called with the table written (or null: a change made elsewhere) on every change seen. */
  watch(tables: string[] | null, fn: Watcher): void {
    this.watchers.push({ tables: tables ? new Set(tables) : null, fn });
  }

  /**
   * A write to `table` through this process (the query listener calls it; tests may too); its verb tells
   * which other tables' rows it may change through foreign keys (an insert none).
   */
  written(table: string, verb: WriteVerb = 'delete'): void {
    this.changed(table, false, this.reach(table, verb));
  }

  /** What a local write of `verb` to `table` reaches through foreign keys; REACH_UNKNOWN before they are read. */
  private reach(table: string, verb: WriteVerb): readonly string[] | undefined | typeof REACH_UNKNOWN {
    if (verb === 'insert') return undefined;
    return this.dependents ? reachOf(this.dependents, table, verb) : REACH_UNKNOWN;
  }

  /**
   * A change to `table`: an unseen one is told to its watchers only; any other also moves the generation
   * (the caches of pages) and is told to the watchers of every table.
   */
  private changed(table: string, elsewhere: boolean, reached: readonly string[] | undefined | typeof REACH_UNKNOWN): void {
    this.changedOne(table, elsewhere);
    if (reached === REACH_UNKNOWN) {
      // The foreign keys are not read yet: any table may have changed with it.
      this.local++;
      for (const w of this.watchers) if (w.tables && !w.tables.has(table)) w.fn(table, elsewhere);
      return;
    }
    for (const dependent of reached ?? []) this.changedOne(dependent, elsewhere);
  }

  private changedOne(table: string, elsewhere: boolean): void {
    if (this.unseen.has(table)) {
      for (const w of this.watchers) if (w.tables?.has(table)) w.fn(table, elsewhere);
      return;
    }
    this.local++;
    for (const w of this.watchers) if (!w.tables || w.tables.has(table)) w.fn(table, elsewhere);
  }

  /** Another process changed the database (tables unknown): everything cached is dropped. */
  changedElsewhere(): void {
    this.local++;
    for (const w of this.watchers) w.fn(ELSEWHERE, true);
  }

  /**
   * Another process changed this table. `verb` (PostgreSQL): what its statement did, told to the tables
   * its foreign keys reach too; none on SQLite, whose triggers counted those rows themselves.
   */
  private tableChangedElsewhere(table: string, verb?: WriteVerb | 'update or delete'): void {
    if (verb === undefined || verb === 'insert') return this.changed(table, true, undefined);
    // PostgreSQL before the foreign keys are read: the cascades of a delete are not known.
    if (!this.dependents) return this.changedElsewhere();
    const reached = verb === 'update or delete'
      ? [...new Set([...(reachOf(this.dependents, table, 'update') ?? []), ...(reachOf(this.dependents, table, 'delete') ?? [])])]
      : reachOf(this.dependents, table, verb);
    this.changed(table, true, reached);
  }

  /**
   * SQLite: another connection committed. The tables' write counts say which tables it wrote; while
   * they cannot (their triggers are not in place, being made again, or the schema changed), everything
   * is taken as changed.
   */
  private committedElsewhere(): void {
    if (!this.counts || this.countsPending) return this.changedElsewhere();
    // Inside a transaction of this connection the counts include its own writes, which a rollback may
    // take back: read as a baseline, they would hide the next commits elsewhere. Everything, then; the
    // counts are read next outside a transaction, from the last baseline (they tell these tables again).
    if (this.counts.inTransaction()) return this.changedElsewhere();
    let tables: string[] | null;
    try {
      tables = this.counts.changed();
    } catch {
      tables = null;
    }
    if (tables === null) {
      this.changedElsewhere();
      this.makeCounts(); // a migration may have made or remade tables: their triggers are checked again
      return;
    }
    for (const table of tables) this.tableChangedElsewhere(table);
  }

  /**
   * SQLite: makes (again) the triggers that keep the tables' write counts, on the pool's connection
   * once it is free (never inside a transaction), then reads the counts from there on. Runs again if
   * asked meanwhile. A failure (a read-only file, say) leaves the counts off: changes are then
   * everything, as before they existed.
   */
  private makeCounts(): void {
    this.countsWanted = true;
    if (this.countsPending || this.memory || this.stopped) return;
    this.countsPending = true;
    const client = this.db.client as { acquireConnection(): Promise<CountsConnection>; releaseConnection(c: unknown): Promise<void> };
    this.countsMade = (async () => {
      // A few times at most (each makes what a migration elsewhere removed meanwhile); then, still not
      // in place, changes elsewhere stay everything.
      for (let attempt = 0; this.countsWanted && !this.stopped; attempt++) {
        if (attempt === 5) {
          this.counts = undefined;
          break;
        }
        this.countsWanted = false;
        let conn: CountsConnection | undefined;
        try {
          conn = await client.acquireConnection();
          const declared = { unseen: this.unseen, announced: this.announced };
          ensureWriteCounts(conn, declared);
          // A migration elsewhere may have remade a table (without its triggers) since: made again first.
          if (!this.startCounts(conn, declared)) this.countsWanted = true;
        } catch {
          this.counts = undefined;
        } finally {
          if (conn) await client.releaseConnection(conn).catch(() => undefined);
        }
      }
      this.countsPending = false;
    })();
  }

  /**
   * Reads the counts as they are now, and data_version in the same read transaction (one snapshot):
   * commits after it move both, so each is told by the counts; commits since data_version was last read
   * and up to it are taken as everything.
   */
  private startCounts(conn: CountsConnection, declared: { unseen: ReadonlySet<string>; announced: ReadonlySet<string> }): boolean {
    let counts: WriteCounts;
    let version: number | undefined;
    conn.exec('BEGIN');
    try {
      // In the same snapshot: every table has its triggers, else the counts cannot start from here.
      if (!writeCountsInPlace(conn, declared)) return false;
      counts = new WriteCounts(conn);
      version = this.dataVersion?.();
      this.foreignKeysFrom(conn);
    } finally {
      conn.exec('COMMIT');
    }
    if (version !== undefined && version !== this.lastDataVersion) {
      const first = this.lastDataVersion === -1;
      this.lastDataVersion = version;
      if (!first) this.changedElsewhere();
    }
    this.counts = counts;
    return true;
  }

  /** SQLite: reads the foreign keys (see `dependents`); a failure leaves them unknown (every table may be reached). */
  private foreignKeysFrom(conn: CountsConnection): void {
    try {
      this.dependents = foreignKeyReach(sqliteForeignKeys(conn));
    } catch {
      this.dependents = undefined;
    }
  }

  /**
   * An in-memory SQLite database: no other connection writes it, so only the foreign keys are read
   * (once: a schema changed later by this process is not read again, as no commit elsewhere tells it).
   */
  private readSqliteForeignKeys(): Promise<void> {
    const client = this.db.client as { acquireConnection(): Promise<CountsConnection>; releaseConnection(c: unknown): Promise<void> };
    return client.acquireConnection().then(async (conn) => {
      try {
        this.foreignKeysFrom(conn);
      } finally {
        await client.releaseConnection(conn);
      }
    }, () => undefined);
  }

  /**
   * better-sqlite3 runs in this thread and knex keeps exactly one connection (pool min = max = 1):
   * it is borrowed once and its `data_version` read synchronously from then on.
   */
  private watchSqliteFile(again = false): Promise<void> {
    const client = this.db.client as { acquireConnection(): Promise<SqliteConnection>; releaseConnection(c: unknown): Promise<void> };
    return client.acquireConnection().then(async (conn) => {
      try {
        const stmt = conn.prepare('PRAGMA data_version').pluck();
        this.dataVersion = () => stmt.get() as number;
        this.lastDataVersion = this.dataVersion();
        // At once, apart from the counts (made later, or never on a read-only file): local cascades need them.
        this.foreignKeysFrom(conn as unknown as CountsConnection);
        // Whatever was committed while no connection was watched.
        if (again) this.changedElsewhere();
      } finally {
        await client.releaseConnection(conn);
      }
      this.makeCounts();
    }, () => undefined);
  }
}

const signals = new WeakMap<Knex, WriteSignal[]>();

/** Stops the write signals watching this database (their LISTEN connection), before its pool closes. */
export async function stopWriteSignals(db: Knex): Promise<void> {
  await Promise.all((signals.get(db) ?? []).map((s) => s.stop()));
}

interface SqliteConnection {
  prepare(sql: string): { pluck(): { get(): unknown } };
}

import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped knex internals
type KnexInternal = new (...args: any[]) => any;

// knex's own better-sqlite3 client and SQLite transaction (not part of its typed API).
const BetterSqlite3Client: KnexInternal = require('knex/lib/dialects/better-sqlite3');
const SqliteTransaction: KnexInternal = require('knex/lib/dialects/sqlite3/execution/sqlite-transaction');

/**
 * knex opens SQLite transactions with a plain (deferred) `BEGIN`: the write lock is only asked for at
 * the first write. When another process (another worker, the CLI) committed after this transaction's
 * first read, that upgrade fails at once with SQLITE_BUSY ("database is locked"): busy_timeout cannot
 * help, since waiting would not make the stale snapshot current. `BEGIN IMMEDIATE` takes the write
 * lock up front, where busy_timeout does wait. Within a process it costs nothing (one connection, so
 * its transactions already run one at a time); across processes, transactions now queue instead of
 * failing. A transaction opened with `{ readOnly: true }` stays deferred and never blocks writers.
 */
class ImmediateTransaction extends SqliteTransaction {
  begin(conn: unknown): Promise<unknown> {
    return this.query(conn, this.readOnly ? 'BEGIN DEFERRED;' : 'BEGIN IMMEDIATE;');
  }
}

/** Prepared statements kept per connection (distinct SQL texts); the least recently used go first. */
export const PREPARED_PER_CONNECTION = 500;

interface Statement {
  reader: boolean;
  readonly: boolean;
  all(bindings?: unknown): unknown[];
  raw(on: boolean): Statement;
  columns(): Array<{ name: string }>;
  run(bindings: unknown): { lastInsertRowid: number | bigint; changes: number };
  safeIntegers(on: boolean): void;
}
interface Connection {
  prepare(sql: string): Statement;
  readonly inTransaction: boolean;
}

/** What knex hands `_query`: the statement and its values, and where the answer goes. */
type QueryObject = { sql?: string; bindings?: unknown[]; options?: unknown; response?: unknown; context?: unknown };

const prepared = new WeakMap<Connection, LRUCache<string, Statement>>();

let statementsRun = 0;

/**
 * How many statements that are no plain reads (writes, COMMIT) the SQLite connections of this process
 * have run: the write signal reads data_version again once this changed (see WriteSignal.generation).
 */
export function sqliteStatementsRun(): number {
  return statementsRun;
}

/** The statement cache of a connection (tests look at it). */
export function preparedStatements(connection: unknown): LRUCache<string, Statement> | undefined {
  return prepared.get(connection as Connection);
}

class ImmediateSqliteClient extends BetterSqlite3Client {
  transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }

  /**
   * knex prepares every statement again on each query (about 5% of a signed-in page); here a statement
   * is prepared once per connection and SQL text, and reused. SQLite re-prepares a statement itself when
   * the schema changed since (migrations, a module installed while the site runs), so a kept statement
   * never runs against an old schema. A query with its own integer option is prepared apart, as before.
   */
  async _query(connection: Connection, obj: QueryObject): Promise<unknown> {
    if (!obj.sql) throw new Error('The query is empty');
    if (!connection) throw new Error('No connection provided');
    const safeIntegers = this._optSafeIntegers(obj.options);
    let statement: Statement | undefined;
    if (safeIntegers === undefined) {
      let cache = prepared.get(connection);
      if (!cache) prepared.set(connection, (cache = new LRUCache<string, Statement>({ max: PREPARED_PER_CONNECTION })));
      statement = cache.get(obj.sql);
      if (!statement) cache.set(obj.sql, (statement = connection.prepare(obj.sql)));
    } else {
      statement = connection.prepare(obj.sql);
      statement.safeIntegers(safeIntegers);
    }
    const bindings = this._formatBindings(obj.bindings);
    if (connection.inTransaction || statement.readonly) return execute(statement, obj, bindings, safeIntegers);
    // Takes the write lock (BEGIN IMMEDIATE, a write outside a transaction): waited for without holding the event loop.
    return executeTakingLock(connection, statement, obj, bindings, safeIntegers);
  }
}

function execute(statement: Statement, obj: QueryObject, bindings: unknown, safeIntegers: boolean | undefined): QueryObject {
  if (statement.reader) {
    obj.response = safeIntegers === undefined ? readRows(statement, obj.sql!, bindings) : statement.all(bindings);
    return obj;
  }
  statementsRun++;
  const response = statement.run(bindings);
  obj.response = response;
  obj.context = { lastID: response.lastInsertRowid, changes: response.changes };
  return obj;
}

/** How long a statement waits for another process's write lock, in all (then it fails as SQLITE_BUSY). */
export const SQLITE_LOCK_WAIT_MS = 15_000;

interface LockPragmas {
  noWait: { all(): unknown[] };
  wait: { all(): unknown[] };
}
const lockPragmasKept = new WeakMap<Connection, LockPragmas>();

/**
 * The connection's two busy_timeout pragmas, prepared once. SQLite applies such a pragma when its
 * statement is prepared, and the statement expires once run, so each later run prepares (and applies)
 * it again: about 3 µs, against about 10 for better-sqlite3's `pragma()`. Both are run once here, so
 * that the first use applies too; the connection is left at the full wait.
 */
function lockPragmas(connection: Connection): LockPragmas {
  let kept = lockPragmasKept.get(connection);
  if (!kept) {
    kept = { noWait: connection.prepare('PRAGMA busy_timeout = 0'), wait: connection.prepare(`PRAGMA busy_timeout = ${SQLITE_LOCK_WAIT_MS}`) };
    kept.noWait.all();
    kept.wait.all();
    lockPragmasKept.set(connection, kept);
  }
  return kept;
}

/** Pauses between two tries for the write lock: short first (a commit elsewhere takes well under a millisecond), then longer. */
const LOCK_RETRY_MS = [0, 1, 1, 2, 4, 8, 16];

/**
 * A statement that needs the write lock when no transaction of this connection holds it. SQLite's own
 * busy handler waits by sleeping inside the call, which holds the whole process (every request, every
 * timer) for as long as another process keeps the lock: with two workers on one file, each stalled the
 * other's event loop a millisecond or more at every clash. Here the statement is tried without waiting
 * and, when the lock is taken, tried again after a pause of the event loop (other requests run
 * meanwhile); it had no effect, so trying again is safe. Inside a transaction (which holds the lock
 * already, or reads) the connection's busy_timeout still applies. What goes on meanwhile is the work
 * that needs no statement (rendering, parsing, timers): statements queue behind the pool's one connection.
 */
async function executeTakingLock(connection: Connection, statement: Statement, obj: QueryObject, bindings: unknown, safeIntegers: boolean | undefined): Promise<QueryObject> {
  const pragmas = lockPragmas(connection);
  const deadline = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    pragmas.noWait.all();
    try {
      return execute(statement, obj, bindings, safeIntegers);
    } catch (err) {
      // SQLITE_BUSY, or an extended code of it (SQLITE_BUSY_RECOVERY: another process recovering the WAL after a crash).
      if (!String((err as { code?: string }).code).startsWith('SQLITE_BUSY') || Date.now() >= deadline) throw err;
    } finally {
      pragmas.wait.all();
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS[Math.min(attempt, LOCK_RETRY_MS.length - 1)]));
  }
}

type RowBuilder = (values: unknown[]) => Record<string, unknown>;
/** Per cached statement: how its rows are made from arrays of values (null: left to better-sqlite3). */
const rowBuilders = new WeakMap<Statement, RowBuilder | null>();

/**
 * The rows of a reading statement, as better-sqlite3's `all()` gives them (one object per row, a
 * property per column name in column order, a later column of the same name winning), made in
 * JavaScript from its arrays of values: better-sqlite3 sets each property of each row through V8's
 * generic path (the column name looked up every time), which was most of the time of reading a page's
 * posts and comments, while one object literal per statement's columns, made once, gives every row
 * the same hidden class at once.
 *
 * The names are read once per statement. A kept statement is prepared again by SQLite after a schema
 * change, with the names its SQL text gives, which do not change (a column it names that is gone is
 * an error either way), except for a `*`: statements with one keep better-sqlite3's objects.
 */
function readRows(statement: Statement, sql: string, bindings: unknown): unknown[] {
  let build = rowBuilders.get(statement);
  if (build === undefined) rowBuilders.set(statement, (build = sql.includes('*') ? null : rowBuilder(statement.columns().map((c) => c.name))));
  if (build === null) return statement.all(bindings);
  statement.raw(true);
  let rows: unknown[];
  try {
    rows = statement.all(bindings);
  } finally {
    statement.raw(false);
  }
  for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i] as unknown[]);
  return rows;
}

/** A function making a row object from its values; null for column names an object literal would treat apart. */
function rowBuilder(names: string[]): RowBuilder | null {
  // `__proto__` as a literal's key sets the prototype (better-sqlite3 makes it an own property).
  if (names.includes('__proto__')) return null;
  const properties = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- column names are JSON-quoted: data, never code
  return new Function('v', `return { ${properties} };`) as RowBuilder;
}

/** knex's better-sqlite3 client whose transactions are immediate (see ImmediateTransaction). */
export const SqliteClient = ImmediateSqliteClient as unknown as typeof Knex.Client;

import type { Knex } from 'knex';

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

class ImmediateSqliteClient extends BetterSqlite3Client {
  transaction(...args: unknown[]): unknown {
    return new ImmediateTransaction(this, ...args);
  }
}

/** knex's better-sqlite3 client whose transactions are immediate (see ImmediateTransaction). */
export const SqliteClient = ImmediateSqliteClient as unknown as typeof Knex.Client;

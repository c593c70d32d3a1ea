import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { pgClientNamingStatements } from './pg-prepared-statements';
import { SQLITE_LOCK_WAIT_MS, SqliteClient } from './sqlite-client';

export type Dialect = 'sqlite' | 'postgres';

// Timestamps are stored as UTC wall-clock values; keep PostgreSQL's text as is instead of making
// local-time Date objects, so both databases hand the ORM the same strings.
pg.types.setTypeParser(1114, (v: string) => v);
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => Number(v)); // bigint counts
pg.types.setTypeParser(1700, (v: string) => Number(v)); // numeric sums

export function dialectOf(url: string): Dialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got '${url}'`);
}

export interface DatabaseOptions {
  /**
   * PostgreSQL: statements running longer are cancelled (error 57014), so one expensive request
   * cannot hold a backend and a pool slot for minutes. 0 or absent: no limit. SQLite runs in the
   * process (synchronously) and has no such limit: there, domain bounds keep each query small.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: name statements run again on a connection, so they are parsed and planned once (default on; see pg-prepared-statements). */
  preparedStatements?: boolean;
}

/**
 * Opens the database named by a DATABASE_URL. SQLite gets WAL, foreign keys, immediate transactions
 * and a busy timeout, so that several processes (WORKERS > 1, the CLI) can write to one file.
 */
export function openDatabase(url: string, opts: DatabaseOptions = {}): Knex {
  if (dialectOf(url) === 'postgres') {
    // Sent in the startup packet of every pooled connection: no extra round trip per connection.
    const connection = opts.statementTimeoutMs ? { connectionString: url, statement_timeout: opts.statementTimeoutMs } : url;
    return knexFactory({ client: opts.preparedStatements === false ? 'pg' : pgClientNamingStatements(), connection, pool: { min: 0, max: 10 } });
  }
  const file = url.slice('sqlite:'.length) || ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return knexFactory({
    client: SqliteClient,
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma('journal_mode = WAL');
        conn.pragma('foreign_keys = ON');
        conn.pragma('synchronous = NORMAL');
        // Another process holding the write lock is waited for this long (transactions are immediate,
        // so they wait here at BEGIN rather than fail midway). 15 s: with several processes on one file,
        // a burst of writes in the others (a module install's migrations, 30 concurrent calls) kept a
        // session write waiting past 5 s, and that request failed with a 500.
        conn.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MS}`);
        // LIKE is case-sensitive on PostgreSQL; make SQLite agree so `like` and `ilike` mean the same on both.
        conn.pragma('case_sensitive_like = ON');
        // The rows a REPLACE deletes to make room fire delete triggers only with this on: the write
        // counts' triggers (sqlite-write-counts.ts) then see them as the deletes they are.
        conn.pragma('recursive_triggers = ON');
        done(null, conn);
      },
    },
  });
}

export function knexDialect(knex: Knex): Dialect {
  // The dialect, not `config.client`: that is a class when a client of ours (see pg-prepared-statements) is used.
  return (knex.client as { dialect?: string }).dialect === 'postgresql' ? 'postgres' : 'sqlite';
}

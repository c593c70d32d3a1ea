import type { Knex } from 'knex';
import type pg from 'pg';
import { foreignKeyReach, type ForeignKeyReach } from './sqlite-write-counts';

/** What a connection's writes are announced by: the write signal of its pool. */
export interface WriteNotifier {
  /** The NOTIFY to send after this statement, or null (a read, an unseen table). */
  notifyFor(sql: string): string | null;
}

interface PgConnection {
  __writeSignal?: WriteNotifier;
  /** knex's id of the transaction the connection is in, if any. */
  __knexTxId?: string;
  /** The transaction (savepoints included) and the NOTIFYs it already queued. */
  __notified?: { tx: string; sent: Set<string> };
}

/** Marks the pool's connections as `notifier`'s: their writes send its NOTIFY (see `notifyingPgQueries`). */
export function notifyOnWrites(db: Knex, notifier: WriteNotifier): void {
  notifyingPgQueries();
  const pool = (db.client as { pool?: { on(event: string, fn: (id: number, c: PgConnection) => void): void } }).pool;
  pool?.on('acquireSuccess', (_id, c) => {
    if (c) c.__writeSignal = notifier;
  });
}

let patched = false;

/**
 * Makes knex's PostgreSQL client follow a write (to a table pages may show) on a connection of a
 * write-signalled pool by a NOTIFY on the same connection, before the caller gets the write's result:
 * inside a transaction it is delivered when, and only if, the transaction commits; outside one, the
 * write is already committed. Either way, other processes hear of a change once its data is there.
 * (knex runs transactions through a copy of its client made from the class, hence the class.)
 */
function notifyingPgQueries(): void {
  if (patched) return;
  patched = true;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- knex's PostgreSQL client class (not typed)
  const PgClient = require('knex/lib/dialects/postgres') as { prototype: { _query(c: PgConnection, obj: { sql: string }): Promise<unknown> } };
  const query = PgClient.prototype._query;
  PgClient.prototype._query = function (this: unknown, connection: PgConnection, obj: { sql: string }) {
    const result = query.call(this, connection, obj);
    const notify = connection?.__writeSignal && obj?.sql ? connection.__writeSignal.notifyFor(obj.sql) : null;
    if (!notify) return result;
    // Each NOTIFY once per transaction (a savepoint has its own id: rolled back, its NOTIFY goes, the next write sends one).
    const tx = connection.__knexTxId;
    if (tx) {
      if (connection.__notified?.tx !== tx) connection.__notified = { tx, sent: new Set() };
      if (connection.__notified.sent.has(notify)) return result;
      connection.__notified.sent.add(notify);
    }
    return result.then((done) => query.call(this, connection, { sql: notify }).then(() => done, () => done));
  };
}

/** PostgreSQL's foreign key actions (pg_constraint's letters) as SQL names them. */
const PG_ACTIONS: Record<string, string> = { c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT', r: 'RESTRICT', a: 'NO ACTION' };

/** PostgreSQL: the tables a delete or an update may change through foreign keys, in the current schema. */
export async function pgForeignKeyReach(client: pg.Client): Promise<ForeignKeyReach> {
  const { rows } = await client.query<{ parent: string; child: string; on_delete: string; on_update: string }>(
    `SELECT p.relname AS parent, c.relname AS child, k.confdeltype AS on_delete, k.confupdtype AS on_update FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = current_schema() AND (k.confdeltype IN ('c', 'n', 'd') OR k.confupdtype IN ('c', 'n', 'd'))`,
  );
  return foreignKeyReach(rows.map((r) => ({ parent: r.parent, child: r.child, onDelete: PG_ACTIONS[r.on_delete] ?? '', onUpdate: PG_ACTIONS[r.on_update] ?? '' })));
}

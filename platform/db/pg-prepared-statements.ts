import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';

/** Named statements kept per PostgreSQL connection; the least recently used beyond it is deallocated. */
export const PG_PREPARED_PER_CONNECTION = 200;
/** A text is named once it ran this often on a connection: one-off statements never take a slot. */
const USES_BEFORE_NAMING = 2;
/** Texts whose uses are counted per connection, before they are named. */
const COUNTED_PER_CONNECTION = 1000;
/** Plain data statements only: utility statements (BEGIN, SET, NOTIFY, DDL) gain nothing from a plan. */
const NAMEABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Statements that change tables: a connection running one forgets its names (see `forgetAll`). */
const SCHEMA_CHANGE = /^\s*(?:alter|create|drop|truncate)\b/i;
/** "cached plan must not change result type": a table a named statement returns rows of changed shape. */
const PLAN_CHANGED = '0A000';

/**
 * Whether the rows a statement returns have a fixed shape: not `*` (nor `t.*`, `RETURNING *`), whose
 * columns grow with the table, which PostgreSQL refuses for a named statement (0A000) once a module's
 * migration added a column. `count(*)` is fixed. A `*` anywhere else (a product) is left unnamed too.
 */
function fixedShape(sql: string): boolean {
  return !sql.includes('*') || !sql.replace(/\(\s*\*\s*\)/g, '').includes('*');
}

/** The parts of node-postgres' Client this uses. */
interface PgConnection {
  query(text: string, callback: (err: Error | null) => void): unknown;
  connection?: { parsedStatements: Record<string, string> };
  /** Set by knex while the connection runs a transaction. */
  __knexTxId?: string;
}

interface QueryObject {
  sql?: unknown;
  options?: Record<string, unknown>;
}

/** A connection's named statements (text -> name) and the uses of texts not named yet. */
interface Statements {
  named: LRUCache<string, string>;
  uses: LRUCache<string, number>;
  next: number;
}

/** knex's PostgreSQL client class, with the method it runs each statement through (not in knex's types). */
type PgClientClass = new (config: Knex.Config) => {
  _query(connection: PgConnection, obj: QueryObject): Promise<unknown>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- knex's PostgreSQL client class (not exported)
const KnexPgClient = require('knex/lib/dialects/postgres') as PgClientClass;

/**
 * PostgreSQL parses and plans a statement sent without a name on every run. The knex client class this
 * makes gives a statement run twice on a connection a name of that connection's own (`k1`, `k2`...;
 * never given twice, so two different texts can never share one), which node-postgres then parses once
 * and binds from then on: about 30 % less time per small SELECT measured on this machine. At most `max`
 * per connection (an LRU; the one evicted is deallocated on its connection before the statement that evicted it).
 *
 * A class, not a patched instance: knex makes each transaction's client from the class's prototype.
 * Tables change under named statements when a module is installed while the server runs: statements
 * returning `*` are never named (their shape grows with the table); a connection that runs a schema
 * change (a migration) forgets its names first; a named statement on another connection whose columns
 * changed type fails with 0A000, its connection's names are dropped and, outside a transaction, the
 * statement runs once more unnamed (in one, the error reaches the caller once).
 * `PG_PREPARED_STATEMENTS=0` keeps knex's own client (a pooler in transaction mode, such as PgBouncer
 * before 1.21, cannot keep named statements across transactions).
 */
export function pgClientNamingStatements(max = PG_PREPARED_PER_CONNECTION): typeof Knex.Client {
  const perConnection = new WeakMap<PgConnection, Statements>();

  const statementsOf = (connection: PgConnection): Statements => {
    let s = perConnection.get(connection);
    if (!s) {
      s = {
        named: new LRUCache<string, string>({
          max,
          dispose: (name, _sql, reason) => {
            if (reason === 'evict') deallocate(connection, [name], `DEALLOCATE ${name}`);
          },
        }),
        uses: new LRUCache<string, number>({ max: COUNTED_PER_CONNECTION }),
        next: 0,
      };
      perConnection.set(connection, s);
    }
    return s;
  };

  const nameFor = (connection: PgConnection, obj: QueryObject): string | undefined => {
    const sql = obj.sql;
    if (typeof sql !== 'string' || !connection?.connection?.parsedStatements) return undefined;
    if (obj.options && Object.keys(obj.options).length > 0) return undefined;
    // The usual case first: a text already named here passed every test below when it was named.
    const known = perConnection.get(connection)?.named.get(sql);
    if (known) return known;
    if (SCHEMA_CHANGE.test(sql)) {
      // A migration on this connection: its own statements after it are parsed against the new tables.
      forgetAll(connection);
      return undefined;
    }
    if (sql.includes(';') || !NAMEABLE.test(sql) || !fixedShape(sql)) return undefined;
    const s = statementsOf(connection);
    const uses = (s.uses.get(sql) ?? 0) + 1;
    if (uses < USES_BEFORE_NAMING) {
      s.uses.set(sql, uses);
      return undefined;
    }
    s.uses.delete(sql);
    const name = `k${++s.next}`;
    s.named.set(sql, name);
    return name;
  };

  /** Forgets every name of a connection (deallocated when the connection can run commands). */
  const forgetAll = (connection: PgConnection): void => {
    const s = perConnection.get(connection);
    if (!s) return;
    const names = [...s.named.values()];
    // The next statements get new names (the count goes on: a name is never given twice on a connection).
    s.named.clear();
    s.uses.clear();
    if (names.length > 0) deallocate(connection, names, 'DEALLOCATE ALL');
  };

  class PgClientNamingStatements extends KnexPgClient {
    override _query(connection: PgConnection, obj: QueryObject): Promise<unknown> {
      const name = nameFor(connection, obj);
      // Naming may have evicted a name (or forgotten all): deallocated first, the statement after.
      const ready = deallocatePending(connection);
      if (!name) return ready ? ready.then(() => super._query(connection, obj)) : super._query(connection, obj);
      const named = () => super._query(connection, { ...obj, options: { name } }).catch((err: { code?: string }) => {
        if (err?.code !== PLAN_CHANGED) throw err;
        forgetAll(connection);
        const forgotten = deallocatePending(connection) ?? Promise.resolve();
        // In a transaction, the transaction is aborted: its caller sees the error (the deallocation fails too, see below).
        if (connection.__knexTxId) return forgotten.then(() => Promise.reject(err));
        return forgotten.then(() => super._query(connection, obj));
      });
      return ready ? ready.then(named) : named();
    }
  }
  return PgClientNamingStatements as unknown as typeof Knex.Client;
}

/** Deallocations waiting for their connection's next statement (see `deallocatePending`). */
const pendingDeallocations = new WeakMap<PgConnection, Array<{ names: string[]; command: string }>>();

/** Noted for the connection's next statement: it is between two statements of its caller, or about to run one. */
function deallocate(connection: PgConnection, names: string[], command: string): void {
  const pending = pendingDeallocations.get(connection);
  if (pending) pending.push({ names, command });
  else pendingDeallocations.set(connection, [{ names, command }]);
}

/**
 * Runs the connection's waiting deallocations, one after the other, before the statement that made them
 * (undefined when none wait). Never sent while the connection runs a statement: node-postgres would
 * queue it behind, which it warns of (and pg 9 drops).
 */
function deallocatePending(connection: PgConnection): Promise<void> | undefined {
  const pending = pendingDeallocations.get(connection);
  if (!pending) return undefined;
  pendingDeallocations.delete(connection);
  return pending.reduce<Promise<void>>((done, entry) => done.then(() => runDeallocation(connection, entry)), Promise.resolve());
}

/** "current transaction is aborted, commands ignored until end of transaction block". */
const IN_FAILED_TRANSACTION = '25P02';

/**
 * One DEALLOCATE. A name the server never parsed (its statement failed to parse: node-postgres records
 * a name once the server has) is not sent: it would fail, and abort the transaction it ran in.
 * node-postgres forgets the names once the server did. In a transaction that failed, the command fails
 * too: it waits again, for the statement after (the ROLLBACK's, then the next one's once it is over).
 */
function runDeallocation(connection: PgConnection, entry: { names: string[]; command: string }): Promise<void> {
  const parsed = connection.connection?.parsedStatements;
  if (entry.command !== 'DEALLOCATE ALL' && !entry.names.some((name) => parsed?.[name] !== undefined)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    connection.query(entry.command, (err) => {
      if (!err) {
        if (connection.connection) for (const name of entry.names) delete connection.connection.parsedStatements[name];
      } else if ((err as { code?: string }).code === IN_FAILED_TRANSACTION) {
        deallocate(connection, entry.names, entry.command);
      }
      resolve();
    });
  });
}

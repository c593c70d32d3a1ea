import type { Knex } from 'knex';
import { parseWrite, type WriteVerb } from './write-statement';

/** An INSERT, UPDATE or DELETE (an upsert or a replace too) run through this process's pool, as knex hands it over. */
export interface TableWrite {
  /** The table written (without its schema). */
  table: string;
  verb: WriteVerb;
  sql: string;
  bindings: readonly unknown[];
  /**
   * Set when the statement named another table, this one: `table` is one whose rows the statement may
   * change through foreign keys (ON DELETE or ON UPDATE CASCADE, SET NULL, SET DEFAULT). Which of its
   * rows is not known, and `sql` and `bindings` are the other table's.
   */
  cascadedFrom?: string;
  /**
   * An INSERT that may have changed rows already there (an upsert, told as an update; a replace, told
   * as a delete): which ones, `sql` does not say (see ParsedWrite).
   */
  upsert?: true;
  /**
   * The connection of the transaction it runs in (savepoints included, a transaction keeps one
   * connection); undefined outside a transaction, where it is committed when it ends.
   */
  transaction?: string;
}

/** What a per-process copy of rows hears of the writes to its tables (see WriteSignal.watchWrites). */
export interface TableWriteWatcher {
  /** A write starts: reads from now on may see it (or, in a transaction, not yet). */
  started?(write: TableWrite): void;
  /** It is done (answered or failed); in a transaction, not committed yet. */
  ended?(write: TableWrite): void;
  /** A transaction that wrote one of the tables is over (committed or undone): its connection is back in the pool. */
  transactionEnded?(connection: string): void;
}


interface QueryEvent {
  sql?: string;
  bindings?: unknown[];
  __knexTxId?: string;
  /** The connection's id. */
  __knexUid?: string;
}

interface Watching {
  tables: Set<string>;
  watcher: TableWriteWatcher;
  /** The connections whose open transaction wrote one of its tables. */
  open: Set<string>;
}

/**
 * The writes through one knex pool, statement by statement, for the caches that must be exact (the
 * sessions', the forum's threads, the shop's carts): one set of listeners on knex's query events and
 * on its pool (a transaction's COMMIT has no response event; its connection going back to the pool
 * marks its end), shared by every watcher, instead of each cache reaching into knex's internals.
 */
/** What `dependents` answers while the foreign keys are not known: an update or a delete may reach any table. */
export const REACH_UNKNOWN = null;

export class TableWrites {
  private readonly watching: Watching[] = [];

  /**
   * `dependents`: the tables a delete (or an update) of a table may change through foreign keys (the
   * write signal reads them from the catalogue), or REACH_UNKNOWN before it has; their watchers hear of
   * it too, as a write with `cascadedFrom`.
   */
  constructor(db: Knex, private readonly dependents: (table: string, verb: TableWrite['verb']) => readonly string[] | undefined | typeof REACH_UNKNOWN = () => undefined) {
    db.on('query', (q: QueryEvent) => this.seen(q, true));
    db.on('query-response', (_r: unknown, q: QueryEvent) => this.seen(q, false));
    db.on('query-error', (_e: unknown, q: QueryEvent) => this.seen(q, false));
    const pool = (db.client as { pool?: { on(event: string, fn: (c: { __knexUid?: string }) => void): void } }).pool;
    pool?.on('release', (c) => this.released(c?.__knexUid));
  }

  watch(tables: readonly string[], watcher: TableWriteWatcher): void {
    this.watching.push({ tables: new Set(tables), watcher, open: new Set() });
  }

  private seen(q: QueryEvent | undefined, starting: boolean): void {
    const parsed = parseWrite(q?.sql);
    if (!parsed) return;
    const { table, verb, upsert } = parsed;
    this.report(table, verb, q!, starting, undefined, upsert);
    // An insert changes no other table's rows; a delete may, through foreign keys (an update only if it changes a referenced key).
    if (verb === 'insert') return;
    const reached = this.dependents(table, verb);
    if (reached === REACH_UNKNOWN) {
      // The foreign keys are not read yet: every other watcher hears it, as a cascade to one of its tables.
      for (const w of this.watching) if (!w.tables.has(table)) this.tell(w, this.write(w.tables.values().next().value!, verb, q!, table), starting);
      return;
    }
    for (const dependent of reached ?? []) this.report(dependent, verb, q!, starting, table);
  }

  private report(table: string, verb: TableWrite['verb'], q: QueryEvent, starting: boolean, cascadedFrom?: string, upsert?: true): void {
    let write: TableWrite | undefined;
    for (const w of this.watching) {
      if (!w.tables.has(table)) continue;
      write ??= this.write(table, verb, q, cascadedFrom, upsert);
      this.tell(w, write, starting);
    }
  }

  private write(table: string, verb: TableWrite['verb'], q: QueryEvent, cascadedFrom?: string, upsert?: true): TableWrite {
    return {
      table, verb, sql: q.sql!, bindings: q.bindings ?? [],
      transaction: q.__knexTxId ? (q.__knexUid ?? '') : undefined,
      ...(cascadedFrom !== undefined ? { cascadedFrom } : {}),
      ...(upsert ? { upsert } : {}),
    };
  }

  private tell(w: Watching, write: TableWrite, starting: boolean): void {
    if (!starting) {
      w.watcher.ended?.(write);
      return;
    }
    if (write.transaction !== undefined) w.open.add(write.transaction);
    w.watcher.started?.(write);
  }

  private released(connection: string | undefined): void {
    if (connection === undefined) return;
    for (const w of this.watching) if (w.open.delete(connection)) w.watcher.transactionEnded?.(connection);
  }
}

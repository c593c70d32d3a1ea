import type { TableWrite } from '@platform/db/table-writes';
import type { WriteSignal } from '@platform/db/write-signal';

/** A stored session as read: its row's columns. */
export interface SessionRow {
  id: string;
  uid: number | null;
  data: string | null;
  expires_at: string;
}

const TABLE = 'http_session';
/** A write naming one session as its last parameter (the store's own updates and deletes). */
const BY_ID = /\swhere\s+[`"]?id[`"]?\s*=\s*(?:\?|\$\d+)\s*$/i;
const MAX_ENTRIES = 20_000;

/**
 * This process's copy of the sessions it read, so a request does not read its session again from the
 * database each time. It is exact, not a guess with a lifetime:
 *
 * - any write to the sessions' table through this process (the store's, or anyone's raw knex) drops
 *   the session it names, or every copy when it does not name one by id; a write inside a transaction
 *   drops every copy again when that transaction ends;
 * - a read that a write overlapped (started before the write was done) is not kept;
 * - other processes' changes: an update or delete of a session elsewhere (`WriteSignal.announce`; on
 *   SQLite the sessions' write counts, read when data_version moved, before each look-up; on PostgreSQL
 *   the NOTIFY naming the table) drops every copy;
 * - while the write signal cannot vouch for other processes (`exact()` false: the LISTEN connection
 *   is down, the SQLite connection not watched yet), nothing is kept and every look-up reads.
 *
 * So a sign-out or a revoked session (password change, archived user) is seen by every process from
 * the moment it is committed and signalled, as the page cache sees a page's change.
 */
export class SessionCache {
  private readonly rows = new Map<string, SessionRow>();
  /** Bumped by every change: a read that started under another version is not kept. */
  private version = 0;
  /** The connections whose open transaction wrote a session. */
  private readonly openWriters = new Set<string>();

  constructor(private readonly signal: WriteSignal) {
    signal.announce(TABLE);
    signal.watch([TABLE], (_table, elsewhere) => {
      // Local writes are followed statement by statement below; a change elsewhere drops everything.
      if (elsewhere) this.clear();
    });
    signal.watchWrites([TABLE], {
      started: (w) => this.writing(w),
      ended: (w) => this.written(w),
      transactionEnded: (connection) => this.released(connection),
    });
  }

  /** The version to hand back to `put` for a read about to start. */
  current(): number {
    return this.version;
  }

  /** The copy of a session (by its stored id), if one may be trusted now. */
  get(id: string): SessionRow | undefined {
    // Reads SQLite's data_version (once per turn): another process's commit clears the copies first.
    this.signal.generation();
    if (!this.signal.exact()) {
      this.clear();
      return undefined;
    }
    return this.rows.get(id);
  }

  /** Keeps a session read under `version`, unless something changed since. */
  put(row: SessionRow, version: number): void {
    this.signal.generation();
    if (version !== this.version || this.openWriters.size > 0 || !this.signal.exact()) return;
    if (this.rows.size >= MAX_ENTRIES) this.rows.clear();
    this.rows.set(row.id, row);
  }

  /**
   * Keeps a session this process just updated (`before`: the version when the update started), when
   * nothing but that update happened meanwhile (its start and its end are the two changes seen).
   */
  putWritten(row: SessionRow, before: number): void {
    this.put(row, before + 2);
  }

  private writing(w: TableWrite): void {
    if (w.verb === 'insert') return; // a new session: no copy of it can exist
    this.version++;
    if (w.transaction !== undefined) this.openWriters.add(w.transaction);
    this.dropNamed(w);
  }

  private written(w: TableWrite): void {
    if (w.verb === 'insert') return;
    // Done (committed, outside a transaction): reads that overlapped it are not kept.
    this.version++;
    this.dropNamed(w);
  }

  /** Drops the session a write names by id, or every copy (a cascade from another table, an upsert, name none). */
  private dropNamed(w: TableWrite): void {
    // An upsert's WHERE (if any) is its conflict's or its SELECT's: which session it changed is not known.
    const id = w.cascadedFrom === undefined && !w.upsert && BY_ID.test(w.sql) ? w.bindings[w.bindings.length - 1] : undefined;
    if (typeof id === 'string') this.rows.delete(id);
    else this.rows.clear();
  }

  /** A transaction that wrote sessions is over (committed or not). */
  private released(connection: string): void {
    if (!this.openWriters.delete(connection)) return;
    // What it wrote is visible (or undone) now: whatever was read meanwhile goes.
    this.clear();
  }

  private clear(): void {
    this.version++;
    this.rows.clear();
  }
}

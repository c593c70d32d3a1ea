/**
 * On SQLite, what another process's commit changed, table by table.
 *
 * `PRAGMA data_version` tells a connection that another one committed, not what: on its own it makes
 * every cache of every process drop everything on any commit anywhere, a session's or a rate limit's
 * included. So each watched table carries triggers that count its row writes in `platform_table_writes`
 * (one row per table, and `*` for all of them), in the writer's own transaction: whoever writes (a
 * worker, the CLI, the sqlite3 shell), the counts move with the data. A process that sees data_version
 * move reads `*` (one row): unchanged, the commit only wrote tables no cache follows; changed, it reads
 * the counts and drops what follows the tables whose count moved.
 *
 * Which tables carry which triggers is decided from flags kept in the same table, so that every process
 * agrees whatever modules it loaded: a table some module declared unseen (`unseenTables`) has none, or
 * only update and delete triggers when some process announced it (`WriteSignal.announce`: a copy of its
 * rows must not outlive a change); every other table counts inserts, updates and deletes.
 */
export const TABLE_WRITES = 'platform_table_writes';
/** The row counting the writes to every watched table. */
const ANY = '*';
const TRIGGER_PREFIX = 'platform_w_';
/** SQLite's own tables, knex's bookkeeping, and the counts themselves: never watched. */
const NEVER = /^(sqlite_|knex_migrations)/;

type Verb = 'insert' | 'update' | 'delete';
const ALL_VERBS: readonly Verb[] = ['insert', 'update', 'delete'];
const CHANGE_VERBS: readonly Verb[] = ['update', 'delete'];

interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
  pluck(on?: boolean): Statement;
}
/** A better-sqlite3 connection, as far as this file uses it. */
export interface SqliteConnection {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  readonly inTransaction: boolean;
}

/** What this process declares of the tables (its modules' `unseenTables`, its announced tables). */
export interface DeclaredTables {
  unseen: ReadonlySet<string>;
  announced: ReadonlySet<string>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const triggerName = (verb: Verb, table: string) => `${TRIGGER_PREFIX}${verb[0]}_${table}`;

interface Flags {
  unseen: boolean;
  announced: boolean;
}

/** The triggers a table should carry, by the flags every process wrote. */
function wanted(flags: Flags | undefined): readonly Verb[] {
  if (!flags?.unseen) return ALL_VERBS;
  return flags.announced ? CHANGE_VERBS : [];
}

/** What must change: flags to record, rows to add, triggers to create or drop (empty: nothing). */
function plan(conn: SqliteConnection, declared: DeclaredTables): string[] {
  const exists = conn.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck().get(TABLE_WRITES);
  const statements: string[] = [];
  if (!exists) {
    statements.push(`CREATE TABLE IF NOT EXISTS ${TABLE_WRITES} (name TEXT PRIMARY KEY, version INTEGER NOT NULL DEFAULT 0, unseen INTEGER NOT NULL DEFAULT 0, announced INTEGER NOT NULL DEFAULT 0)`);
    statements.push(`INSERT OR IGNORE INTO ${TABLE_WRITES} (name) VALUES (${literal(ANY)})`);
  }
  const flags = new Map<string, Flags>();
  if (exists) {
    for (const row of conn.prepare(`SELECT name, unseen, announced FROM ${TABLE_WRITES}`).all() as Array<{ name: string; unseen: number; announced: number }>) {
      flags.set(row.name, { unseen: row.unseen === 1, announced: row.announced === 1 });
    }
  }
  // This process's declarations join the others' (flags are only ever set: a declaration holds for all).
  for (const table of declared.unseen) {
    if (flags.get(table)?.unseen) continue;
    statements.push(`INSERT INTO ${TABLE_WRITES} (name, unseen) VALUES (${literal(table)}, 1) ON CONFLICT (name) DO UPDATE SET unseen = 1`);
    flags.set(table, { unseen: true, announced: flags.get(table)?.announced ?? false });
  }
  for (const table of declared.announced) {
    if (flags.get(table)?.announced) continue;
    statements.push(`INSERT INTO ${TABLE_WRITES} (name, announced) VALUES (${literal(table)}, 1) ON CONFLICT (name) DO UPDATE SET announced = 1`);
    flags.set(table, { unseen: flags.get(table)?.unseen ?? false, announced: true });
  }
  const tables = (conn.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[])
    .filter((t) => !NEVER.test(t) && t !== TABLE_WRITES);
  // By name and the table it is on: a table renamed takes its triggers along, named for its old name.
  const triggers = new Map((conn.prepare(`SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '${TRIGGER_PREFIX}%'`).all() as Array<{ name: string; tbl_name: string }>)
    .map((t) => [t.name, t.tbl_name]));
  for (const [name, on] of triggers) {
    // Named for another table than it is on (renamed): it counts under the wrong name; made again below.
    if (on !== name.slice(TRIGGER_PREFIX.length + 2)) {
      statements.push(`DROP TRIGGER IF EXISTS ${ident(name)}`);
      triggers.delete(name);
    }
  }
  for (const table of tables) {
    const verbs = wanted(flags.get(table));
    if (verbs.length && !flags.has(table)) {
      statements.push(`INSERT OR IGNORE INTO ${TABLE_WRITES} (name) VALUES (${literal(table)})`);
      flags.set(table, { unseen: false, announced: false });
    }
    for (const verb of ALL_VERBS) {
      const name = triggerName(verb, table);
      const exists = triggers.has(name);
      if (exists && !verbs.includes(verb)) statements.push(`DROP TRIGGER IF EXISTS ${ident(name)}`);
      if (!exists && verbs.includes(verb)) {
        statements.push(`CREATE TRIGGER ${ident(name)} AFTER ${verb.toUpperCase()} ON ${ident(table)} BEGIN `
          + `UPDATE ${TABLE_WRITES} SET version = version + 1 WHERE name IN (${literal(ANY)}, ${literal(table)}); END`);
      }
    }
  }
  return statements;
}

/**
 * Makes the counts' table and every watched table's triggers as the flags want them. Writes only when
 * something is missing (the usual start finds everything in place), then in one immediate transaction,
 * planned again under the write lock (another process may have done it meanwhile). Must not run while
 * the connection is inside a transaction.
 */
export function ensureWriteCounts(conn: SqliteConnection, declared: DeclaredTables): void {
  if (plan(conn, declared).length === 0) return;
  conn.exec('BEGIN IMMEDIATE');
  try {
    for (const sql of plan(conn, declared)) conn.exec(sql);
    conn.exec('COMMIT');
  } catch (err) {
    if (conn.inTransaction) conn.exec('ROLLBACK');
    throw err;
  }
}

/** Whether the counts' table and every trigger are as the declarations want them (nothing to make). */
export function writeCountsInPlace(conn: SqliteConnection, declared: DeclaredTables): boolean {
  return plan(conn, declared).length === 0;
}

/** A foreign key as the catalogue gives it: what a delete or an update of the parent's row does to the child's. */
export interface ForeignKeyEdge {
  parent: string;
  child: string;
  /** The ON DELETE and ON UPDATE actions: CASCADE, SET NULL, SET DEFAULT, or one that changes nothing (NO ACTION, RESTRICT). */
  onDelete: string;
  onUpdate: string;
}

/**
 * The tables whose rows a delete, or an update, of a table's rows may change through foreign keys,
 * transitively: a statement names only its own table. An insert reaches none.
 */
export interface ForeignKeyReach {
  delete: ReadonlyMap<string, readonly string[]>;
  update: ReadonlyMap<string, readonly string[]>;
}

/** The tables a write of `verb` to `table` may change through foreign keys (none for an insert). */
export function reachOf(reach: ForeignKeyReach | undefined, table: string, verb: 'insert' | 'update' | 'delete'): readonly string[] | undefined {
  return verb === 'insert' ? undefined : reach?.[verb].get(table);
}

/** The foreign keys of every table (SQLite's catalogue). */
export function sqliteForeignKeys(conn: SqliteConnection): ForeignKeyEdge[] {
  const tables = conn.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
  const list = conn.prepare(`SELECT "table" AS parent, on_update, on_delete FROM pragma_foreign_key_list(?)`);
  const edges: ForeignKeyEdge[] = [];
  for (const child of tables) {
    for (const fk of list.all(child) as Array<{ parent: string; on_update: string; on_delete: string }>) edges.push({ parent: fk.parent, child, onDelete: fk.on_delete, onUpdate: fk.on_update });
  }
  return edges;
}

const CHANGES_CHILD = /^(CASCADE|SET NULL|SET DEFAULT)$/i;

/**
 * What deletes and updates reach through these foreign keys. A delete of a parent deletes the children
 * of an ON DELETE CASCADE (whose own children it then reaches as a delete) and updates those of a SET
 * NULL or SET DEFAULT; an update reaches the children of an ON UPDATE action (any: each updates them),
 * which only fires when the parent's referenced key itself changes, so an ordinary update (by id, of
 * other columns) reaches none in practice: unless such keys are declared, updates stay their own table's.
 */
export function foreignKeyReach(edges: readonly ForeignKeyEdge[]): ForeignKeyReach {
  const from = new Map<string, ForeignKeyEdge[]>();
  // A table's references to itself are walked too (a delete that sets its own rows' parent to null
  // updates them); the table itself is never in its own list.
  for (const e of edges) (from.get(e.parent) ?? from.set(e.parent, []).get(e.parent)!).push(e);
  const reached = (table: string, start: 'delete' | 'update'): string[] => {
    const seen = new Set<string>();
    const tables = new Set<string>();
    const stack: Array<[string, 'delete' | 'update']> = [[table, start]];
    while (stack.length) {
      const [t, how] = stack.pop()!;
      for (const e of from.get(t) ?? []) {
        const action = how === 'delete' ? e.onDelete : e.onUpdate;
        if (!CHANGES_CHILD.test(action)) continue;
        // A cascaded delete deletes the child's rows; any other action (and any update action) updates them.
        const next: 'delete' | 'update' = how === 'delete' && /^CASCADE$/i.test(action) ? 'delete' : 'update';
        const key = `${next} ${e.child}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (e.child !== table) tables.add(e.child);
        stack.push([e.child, next]);
      }
    }
    return [...tables];
  };
  const reach = { delete: new Map<string, string[]>(), update: new Map<string, string[]>() };
  for (const parent of from.keys()) {
    for (const verb of ['delete', 'update'] as const) {
      const tables = reached(parent, verb);
      if (tables.length) reach[verb].set(parent, tables);
    }
  }
  return reach;
}

/**
 * Reads the counts as a commit elsewhere left them (see the file's comment). Prepared once; each
 * look costs one indexed row unless a watched table was written.
 */
export class WriteCounts {
  private readonly any: Statement;
  private readonly rows: Statement;
  private readonly schema: Statement;
  private lastAny: number;
  private lastSchema: number;
  private readonly last = new Map<string, number>();

  constructor(private readonly conn: SqliteConnection) {
    this.any = conn.prepare(`SELECT version FROM ${TABLE_WRITES} WHERE name = ${literal(ANY)}`).pluck();
    this.rows = conn.prepare(`SELECT name, version FROM ${TABLE_WRITES} WHERE name <> ${literal(ANY)}`);
    this.schema = conn.prepare('PRAGMA schema_version').pluck();
    this.lastSchema = this.schema.get() as number;
    this.lastAny = this.any.get() as number;
    for (const row of this.rows.all() as Array<{ name: string; version: number }>) this.last.set(row.name, row.version);
  }

  /** Whether the connection is inside a transaction (its own writes, not committed, are in the counts). */
  inTransaction(): boolean {
    return this.conn.inTransaction;
  }

  /**
   * The watched tables written since the last look (by anyone: this process's own writes count too),
   * or null when the schema changed: a table was made or remade by a migration, whose triggers may
   * be missing until they are made again (everything must be taken as changed).
   */
  changed(): string[] | null {
    const schema = this.schema.get() as number;
    if (schema !== this.lastSchema) {
      this.lastSchema = schema;
      this.resync();
      return null;
    }
    const any = this.any.get() as number;
    if (any === this.lastAny) return [];
    this.lastAny = any;
    const tables: string[] = [];
    for (const row of this.rows.all() as Array<{ name: string; version: number }>) {
      if (this.last.get(row.name) !== row.version) {
        this.last.set(row.name, row.version);
        tables.push(row.name);
      }
    }
    return tables;
  }

  /** Takes the counts as they are now as seen (after a change that was taken as everything). */
  resync(): void {
    this.lastAny = this.any.get() as number;
    for (const row of this.rows.all() as Array<{ name: string; version: number }>) this.last.set(row.name, row.version);
  }
}

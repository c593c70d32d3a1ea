/** What a write statement does to its rows: the write signal and the exact caches read it from the SQL. */
export type WriteVerb = 'insert' | 'update' | 'delete';

/** An INSERT (with its conflict clause), REPLACE, UPDATE or DELETE, and the table it writes. */
const WRITE = /^\s*(insert\s+(?:or\s+(\w+)\s+)?into|replace\s+into|update|delete\s+from)\s+[`"]?(\w+)[`"]?(?:\.[`"]?(\w+))?/i;
/** An upsert's conflict clause: the existing row is updated (`DO NOTHING` changes none). */
const DO_UPDATE = /\bon\s+conflict\b[\s\S]*\bdo\s+update\b/i;

/** A write statement: its table (without its schema) and what it does to that table's rows. */
export interface ParsedWrite {
  table: string;
  verb: WriteVerb;
  /**
   * An INSERT that may change rows that were already there: an upsert (`ON CONFLICT ... DO UPDATE`),
   * told as an update, or a replace (`INSERT OR REPLACE`, `REPLACE INTO`), told as a delete (the row
   * in the way is deleted, with its foreign keys' actions, before the new one goes in). Which rows,
   * its WHERE (if any: a `SELECT`'s, the conflict's) does not say.
   */
  upsert?: true;
}

/**
 * The table and verb of a write statement as knex hands it over; null for anything else (reads, schema
 * changes, transaction control).
 */
export function parseWrite(sql: string | undefined): ParsedWrite | null {
  const m = sql ? WRITE.exec(sql) : null;
  if (!m) return null;
  const table = m[4] ?? m[3];
  const head = m[1].slice(0, 6).toLowerCase();
  if (head === 'replac' || m[2]?.toLowerCase() === 'replace') return { table, verb: 'delete', upsert: true };
  if (head === 'insert') return DO_UPDATE.test(sql!) ? { table, verb: 'update', upsert: true } : { table, verb: 'insert' };
  return { table, verb: head as WriteVerb };
}

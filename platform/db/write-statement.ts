/** What a write statement does to its rows: the write signal and the exact caches read it from the SQL. */
export type WriteVerb = 'insert' | 'update' | 'delete';

/** An INSERT, UPDATE or DELETE, and the table it writes. */
const WRITE = /^\s*(insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+[`"]?([\w.]+)/i;

/**
 * The table (without its schema) and verb of an INSERT, UPDATE or DELETE as knex hands it over; null
 * for anything else (reads, schema changes, transaction control).
 */
export function parseWrite(sql: string | undefined): { table: string; verb: WriteVerb } | null {
  const m = sql ? WRITE.exec(sql) : null;
  if (!m) return null;
  return { table: m[2].replace(/^.*\./, ''), verb: m[1].slice(0, 6).toLowerCase() as WriteVerb };
}

import type { Knex } from 'knex';
import { knexDialect } from '@platform/db';

/** Tables a refused request may still write: counters of refusals, sessions, presence, logs. */
export const BOOKKEEPING = /^(rate_limit|http_session|sessions?|bus_bus|bus_presence|login_attempt|.*_log|.*_logging|knex_.*|sqlite_.*)$/;

/**
 * Rows per table of the database (one UNION ALL query per 100 tables), leaving out the tables `ignored`
 * matches (bookkeeping a refused request may still write: rate limits, sessions, logs). Two snapshots
 * around a refused request show whether it wrote anything.
 */
export async function rowCounts(db: Knex, ignored: RegExp): Promise<Map<string, number>> {
  const tables: string[] = knexDialect(db) === 'postgres'
    ? (await db.raw("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")).rows.map((r: { name: string }) => r.name)
    : (await db.raw("SELECT name FROM sqlite_master WHERE type = 'table'")).map((r: { name: string }) => r.name);
  const watched = tables.filter((t) => !ignored.test(t)).sort();
  const counts = new Map<string, number>();
  for (let i = 0; i < watched.length; i += 100) {
    const part = watched.slice(i, i + 100);
    const rows = await db.raw(part.map((t) => `SELECT '${t}' AS t, COUNT(*) AS n FROM "${t}"`).join(' UNION ALL '));
    for (const r of (Array.isArray(rows) ? rows : rows.rows) as Array<{ t: string; n: number | string }>) counts.set(r.t, Number(r.n));
  }
  return counts;
}

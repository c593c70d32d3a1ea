import type { Knex } from 'knex';
import { knexDialect } from '@platform/db';

/** Clicks per link, day and country: what the statistics (read_group by day or country) count. */
export const CLICK_ROLLUP_TABLE = 'link_tracker_click_rollup';

export interface ClickGroup {
  linkId: number;
  /** The day's start, `YYYY-MM-DD 00:00:00`. */
  day: string;
  countryId: number | null;
  count: number;
}

/** Counts clicks by (link, day, country); `at` is a click's `YYYY-MM-DD HH:MM:SS` UTC text. */
export function groupClicks(clicks: Iterable<{ linkId: number; at: string; countryId: number | null }>): ClickGroup[] {
  const groups = new Map<string, ClickGroup>();
  // A batch's clicks share a few timestamps (the recorder formats one per second): their day once each.
  let lastAt: unknown;
  let day = '';
  for (const c of clicks) {
    if (c.at !== lastAt) {
      lastAt = c.at;
      day = `${String(c.at).slice(0, 10)} 00:00:00`;
    }
    const key = `${c.linkId}|${day}|${c.countryId ?? ''}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { linkId: c.linkId, day, countryId: c.countryId ?? null, count: 1 });
  }
  return [...groups.values()];
}

/** Groups per statement (4 bound values each). */
const UPSERT_CHUNK = 500;

/**
 * Adds (or, negative, takes away) counts in the rollup, in the caller's transaction: one upsert
 * statement per 500 groups (a flush of clicks is usually a single statement).
 */
export async function addToRollup(trx: Knex | Knex.Transaction, groups: ClickGroup[], sign: 1 | -1 = 1): Promise<void> {
  for (let i = 0; i < groups.length; i += UPSERT_CHUNK) {
    const chunk = groups.slice(i, i + UPSERT_CHUNK);
    await trx.raw(
      `INSERT INTO ${CLICK_ROLLUP_TABLE} (link_id, create_date, country_id, country_key, click_count) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?)').join(', ')}
       ON CONFLICT (link_id, create_date, country_key) DO UPDATE SET click_count = ${CLICK_ROLLUP_TABLE}.click_count + excluded.click_count`,
      chunk.flatMap((g) => [g.linkId, g.day, g.countryId, g.countryId ?? 0, sign * g.count]) as never[],
    );
  }
}

/** The day's start of a timestamp column, in SQL (the rollup's `create_date`). */
export function dayStartSql(knex: Knex, column: string): string {
  return knexDialect(knex) === 'postgres' ? `date_trunc('day', ${column})` : `strftime('%Y-%m-%d 00:00:00', ${column})`;
}

/** Counts the existing clicks (all, or those of some links) into the rollup again, from scratch. */
export async function rebuildRollup(knex: Knex | Knex.Transaction, linkIds?: number[]): Promise<void> {
  const del = knex(CLICK_ROLLUP_TABLE);
  await (linkIds ? del.whereIn('link_id', linkIds) : del).delete();
  const day = dayStartSql(knex as Knex, 'create_date');
  const where = linkIds ? `WHERE link_id IN (${linkIds.map(() => '?').join(', ')})` : '';
  await knex.raw(
    `INSERT INTO ${CLICK_ROLLUP_TABLE} (link_id, create_date, country_id, country_key, click_count)
     SELECT link_id, ${day}, country_id, COALESCE(country_id, 0), COUNT(*) FROM link_tracker_click ${where} GROUP BY link_id, ${day}, country_id`,
    (linkIds ?? []) as never[],
  );
}

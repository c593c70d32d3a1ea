import type { Knex } from 'knex';

/** The addresses seen on each link: one row per (link, address), whatever the number of its clicks. */
export const VISITOR_TABLE = 'link_tracker_visitor';

/** Pairs per statement (2 bound values each). */
const CHUNK = 500;

/**
 * Records that these addresses visited these links, in the caller's transaction, and answers how many
 * of them are new per link (not seen on that link before): the link's unique visitors grow by that.
 * One upsert per 500 pairs; the rows it inserted are the new visitors (RETURNING on both databases).
 * This replaces an index on the clicks by (link, address), which every click paid for on insert (on
 * SQLite ~5 µs a row, more than the row itself) although only the first click of an address matters.
 */
export async function addVisitors(trx: Knex | Knex.Transaction, visits: Array<{ linkId: number; ip: string }>): Promise<Map<number, number>> {
  const pairs = new Map<string, { linkId: number; ip: string }>();
  for (const v of visits) if (v.ip) pairs.set(`${v.linkId}|${v.ip}`, v);
  const unique = [...pairs.values()];
  const fresh = new Map<number, number>();
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const result = await trx.raw(
      `INSERT INTO ${VISITOR_TABLE} (link_id, ip) VALUES ${chunk.map(() => '(?, ?)').join(', ')} ON CONFLICT (link_id, ip) DO NOTHING RETURNING link_id`,
      chunk.flatMap((v) => [v.linkId, v.ip]) as never[],
    );
    const rows: Array<{ link_id: number }> = Array.isArray(result) ? result : result.rows;
    for (const r of rows) fresh.set(Number(r.link_id), (fresh.get(Number(r.link_id)) ?? 0) + 1);
  }
  return fresh;
}

/** Fills the visitors from the clicks already recorded (all, or those of some links). */
export async function rebuildVisitors(knex: Knex | Knex.Transaction): Promise<void> {
  await knex.raw(
    `INSERT INTO ${VISITOR_TABLE} (link_id, ip) SELECT DISTINCT link_id, ip FROM link_tracker_click WHERE ip IS NOT NULL AND ip <> '' ON CONFLICT (link_id, ip) DO NOTHING`,
  );
}

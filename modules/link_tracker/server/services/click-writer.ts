import type { Knex } from 'knex';
import { knexDialect } from '@platform/db';
import { addToRollup, groupClicks } from './click-rollup';
import { addVisitors } from './click-visitors';

export interface PendingClick {
  linkId: number;
  ip: string;
  countryId: number | null;
  at: string;
}

/** Rows per INSERT: 5 bound values each stays well under SQLite's 32766 and PostgreSQL's 65535. */
const INSERT_CHUNK = 2000;
/** SQLite inserts with statements prepared once per connection, of these sizes (largest first). */
const PREPARED_ROWS = [500, 25, 1];

interface SqliteStatement {
  run(...params: unknown[]): unknown;
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}
const prepared = new WeakMap<SqliteConnection, Map<number, SqliteStatement>>();

const insertSql = (rows: number) =>
  `INSERT INTO link_tracker_click (link_id, ip, country_id, create_date, write_date) VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?)').join(', ')}`;
const bindingsOf = (c: PendingClick) => [c.linkId, c.ip, c.countryId, c.at, c.at];

/**
 * The transaction's own better-sqlite3 connection, or undefined on PostgreSQL. knex prepares every
 * statement again each time and rewrites its placeholders; a flush of clicks is the one write frequent
 * enough for that to matter, so it reuses prepared statements on the same connection instead.
 */
async function sqliteConnection(trx: Knex.Transaction): Promise<SqliteConnection | undefined> {
  if (knexDialect(trx) !== 'sqlite') return undefined;
  const client = trx.client as { acquireConnection?: () => Promise<unknown> };
  const connection = (await client.acquireConnection?.()) as SqliteConnection | undefined;
  return typeof connection?.prepare === 'function' ? connection : undefined;
}

function insertPrepared(connection: SqliteConnection, clicks: PendingClick[]): void {
  let statements = prepared.get(connection);
  if (!statements) prepared.set(connection, (statements = new Map()));
  let i = 0;
  for (const rows of PREPARED_ROWS) {
    let statement = statements.get(rows);
    for (; i + rows <= clicks.length; i += rows) {
      if (!statement) statements.set(rows, (statement = connection.prepare(insertSql(rows))));
      const bindings: unknown[] = [];
      for (let j = i; j < i + rows; j++) bindings.push(clicks[j].linkId, clicks[j].ip, clicks[j].countryId, clicks[j].at, clicks[j].at);
      statement.run(bindings);
    }
  }
}

/**
 * Inserts a batch of clicks and updates their links' counters: clicks, unique visitors (addresses
 * not seen on the link before, see click-visitors) and the last click's date. Clicks of links deleted meanwhile are dropped.
 */
export async function writeClicks(trx: Knex.Transaction, batch: PendingClick[]): Promise<void> {
  const linkIds = [...new Set(batch.map((c) => c.linkId))];
  const alive = new Set<number>((await trx('link_tracker').whereIn('id', linkIds).select('id')).map((r: { id: number }) => r.id));
  const clicks = batch.filter((c) => alive.has(c.linkId));

  const perLink = new Map<number, { clicks: number; last: string }>();
  for (const c of clicks) {
    const s = perLink.get(c.linkId) ?? { clicks: 0, last: c.at };
    s.clicks++;
    if (c.at > s.last) s.last = c.at;
    perLink.set(c.linkId, s);
  }
  // Addresses not seen on a link before this batch are its new visitors.
  const newVisitors = await addVisitors(trx, clicks);
  const sqlite = await sqliteConnection(trx);
  if (sqlite) insertPrepared(sqlite, clicks);
  else {
    // One multi-row VALUES statement per chunk (knex would build SQLite's as a compound SELECT, capped
    // at 500 rows and slower to prepare).
    for (let i = 0; i < clicks.length; i += INSERT_CHUNK) {
      const chunk = clicks.slice(i, i + INSERT_CHUNK);
      await trx.raw(insertSql(chunk.length), chunk.flatMap(bindingsOf) as never[]);
    }
  }
  // Clicks per link, day and country (what the statistics count), in the same transaction.
  await addToRollup(trx, groupClicks(clicks));
  for (const [linkId, s] of perLink) {
    await trx('link_tracker').where('id', linkId).update({
      count: trx.raw('?? + ?', ['count', s.clicks]),
      unique_count: trx.raw('?? + ?', ['unique_count', newVisitors.get(linkId) ?? 0]),
      last_click_date: s.last,
    });
  }
}

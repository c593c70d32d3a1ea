import type { Knex } from 'knex';
import { nowUtc } from '@platform/orm';

/**
 * One row per journal segment whose clicks are committed, written in the transaction of its clicks:
 * a segment file found after a crash is replayed only when its row is absent. A row is deleted once
 * its file is gone, so the table holds a few rows at any time.
 */
export const CLICK_JOURNAL_TABLE = 'link_tracker_click_journal';

export async function insertMarkers(trx: Knex | Knex.Transaction, journal: string, sequences: number[]): Promise<void> {
  if (sequences.length === 0) return;
  const now = nowUtc();
  await trx(CLICK_JOURNAL_TABLE).insert(sequences.map((sequence) => ({ journal, sequence, create_date: now })));
}

export async function hasMarker(trx: Knex | Knex.Transaction, journal: string, sequence: number): Promise<boolean> {
  return !!(await trx(CLICK_JOURNAL_TABLE).where({ journal, sequence }).first('id'));
}

export async function deleteMarkers(trx: Knex | Knex.Transaction, journal: string, sequences: number[]): Promise<void> {
  if (sequences.length === 0) return;
  await trx(CLICK_JOURNAL_TABLE).where('journal', journal).whereIn('sequence', sequences).delete();
}

import type { Knex } from 'knex';
import { MissingError } from '@platform/core';
import { RECIPIENT_TABLE } from './recipient-table';

/** The counters of a mailing, as stored on it: what the sender updates and its progress reports. */
export const STATISTICS = ['total', 'pending', 'sent', 'delivered', 'bounced', 'failed', 'opened', 'clicked', 'unsubscribed'] as const;
export type MailingStatistics = Record<(typeof STATISTICS)[number], number> & { state: string };

const inState = (...states: string[]) => `SUM(CASE WHEN r.state IN (${states.map((s) => `'${s}'`).join(', ')}) THEN 1 ELSE 0 END)`;

/** How each counter is counted over the mailing's recipient rows (the model's fields count the same). */
const COUNTERS: Record<(typeof STATISTICS)[number], string> = {
  total: 'COUNT(r.id)',
  pending: inState('pending', 'sending'),
  sent: inState('sent', 'bounced', 'failed'),
  delivered: inState('sent'),
  bounced: inState('bounced'),
  failed: inState('failed'),
  opened: 'COUNT(r.opened_at)',
  clicked: 'COUNT(r.clicked_at)',
  unsubscribed: 'COUNT(r.unsubscribed_at)',
};

/**
 * A mailing's state and counters in one grouped query: the progress of a mailing being sent is read
 * every 500 ms, where the model's computed fields would run a COUNT each.
 */
export async function readStatistics(db: Knex, mailingId: number): Promise<MailingStatistics> {
  const row = await db('mail_mass_mailing as m').leftJoin(`${RECIPIENT_TABLE} as r`, 'r.mailing_id', 'm.id')
    .where('m.id', mailingId).groupBy('m.id', 'm.state')
    .first(['m.state', ...STATISTICS.map((name) => db.raw(`${COUNTERS[name]} AS ${name}`))]);
  if (!row) throw new MissingError('This mailing does not exist.');
  const stats = { state: String(row.state) } as MailingStatistics;
  for (const name of STATISTICS) stats[name] = Number(row[name] ?? 0);
  return stats;
}

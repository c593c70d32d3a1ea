import type { Knex } from 'knex';

/**
 * Columns a table needs to be worked through by a LeasedQueue: one row per message to send. Times are
 * epoch milliseconds (bigint) so lease arithmetic is the same on SQLite and PostgreSQL.
 */
export function addQueueColumns(t: Knex.CreateTableBuilder): void {
  t.string('state', 16).notNullable().defaultTo('pending');
  t.integer('attempts').notNullable().defaultTo(0);
  t.bigInteger('next_attempt_at').notNullable().defaultTo(0);
  t.string('lease_owner', 64);
  t.bigInteger('lease_until');
  t.text('last_error');
  t.bigInteger('sent_at');
  // No index here: the owning table adds one on its scope column(s) + state (e.g. mailing_id, state), which
  // is what claims filter on; every extra index is written twice per message (claim, then sent).
}

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
  t.index(['state', 'next_attempt_at']);
}

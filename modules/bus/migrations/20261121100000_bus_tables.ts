import type { Knex } from 'knex';
import { datetime } from '@platform/db';

/**
 * bus_bus: one row per notification, ids only grow; rows older than the retention window are collected.
 * bus_retention: the highest id collected so far, so a poll resuming from an older id is told it missed some.
 * bus_presence: when each user last polled and was last active (online / away / offline).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bus_bus', (t) => {
    t.bigIncrements('id').primary();
    t.string('channel', 128).notNullable();
    t.text('message').notNullable();
    datetime(t, 'create_date').notNullable();
    t.index(['channel', 'id']);
    t.index(['create_date']);
  });
  await knex.schema.createTable('bus_retention', (t) => {
    t.integer('id').primary();
    t.bigInteger('collected_id').notNullable();
  });
  await knex('bus_retention').insert({ id: 1, collected_id: 0 });
  await knex.schema.createTable('bus_presence', (t) => {
    t.integer('user_id').notNullable().unique().references('id').inTable('res_users').onDelete('CASCADE');
    datetime(t, 'last_poll');
    datetime(t, 'last_presence');
    t.string('status', 16).notNullable().defaultTo('offline');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bus_presence');
  await knex.schema.dropTable('bus_retention');
  await knex.schema.dropTable('bus_bus');
}

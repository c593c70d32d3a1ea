import type { Knex } from 'knex';
import { datetime } from '@platform/db';
import { CLICK_ROLLUP_TABLE, rebuildRollup } from '../server/services/click-rollup';

/**
 * Clicks per link, day and country, kept by the click flusher in the transaction of each batch, so
 * that statistics (read_group by day or country) read a few rows per day instead of every click.
 * Filled from the clicks already recorded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(CLICK_ROLLUP_TABLE, (t) => {
    t.increments('id').primary();
    t.integer('link_id').notNullable().references('id').inTable('link_tracker').onDelete('CASCADE');
    t.integer('country_id').references('id').inTable('res_country').onDelete('SET NULL');
    // The day's start (UTC), compared and grouped like the clicks' own create_date.
    datetime(t, 'create_date');
    t.integer('click_count').notNullable().defaultTo(0);
    // The country as the row was made (0: none), so that one row per group can be upserted in one statement.
    t.integer('country_key').notNullable().defaultTo(0);
    t.unique(['link_id', 'create_date', 'country_key'], { indexName: 'link_tracker_click_rollup_key' });
  });
  await rebuildRollup(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(CLICK_ROLLUP_TABLE);
}

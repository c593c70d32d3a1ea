import type { Knex } from 'knex';
import { knexDialect } from '@platform/db';

/**
 * The covering indexes the statistics read before the click rollup existed (per link and country, per
 * link and day) go: the statistics are answered from the rollup now (for every user: record rules
 * through `link_id` are compiled on it too), and each index cost every click written (on SQLite about
 * 1 µs a row each, of the 3.3 µs a click's row cost with all of them). What stays: per link and
 * address, which the unique-visitor check reads with each batch, and whose `link_id` prefix serves
 * the link's cascade and any other read of one link's clicks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS link_tracker_click_link_country');
  await knex.raw('DROP INDEX IF EXISTS link_tracker_click_link_day');
  await knex.raw('DROP INDEX IF EXISTS link_tracker_click_link_date');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS link_tracker_click_link_country ON link_tracker_click (link_id, country_id, create_date)');
  if (knexDialect(knex) === 'postgres') await knex.raw('CREATE INDEX IF NOT EXISTS link_tracker_click_link_date ON link_tracker_click (link_id, create_date)');
  else await knex.raw(`CREATE INDEX IF NOT EXISTS link_tracker_click_link_day ON link_tracker_click (link_id, strftime('%Y-%m-%d', create_date), create_date)`);
}

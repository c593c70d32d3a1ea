import type { Knex } from 'knex';
import { rebuildVisitors, VISITOR_TABLE } from '../server/services/click-visitors';

/**
 * Unique visitors are told by a table of the addresses seen per link instead of an index of every
 * click by (link, address): that index cost each click written about 5 µs on SQLite (its inserts land
 * in the middle of the tree, one spot per address), more than the click's own row. The clicks keep an
 * index by link alone (appended at the end of the link's range: ~1 µs), for the cascade when a link
 * goes and for reading one link's clicks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(VISITOR_TABLE, (t) => {
    t.integer('link_id').notNullable().references('id').inTable('link_tracker').onDelete('CASCADE');
    t.string('ip', 64).notNullable();
    t.primary(['link_id', 'ip']);
  });
  await rebuildVisitors(knex);
  await knex.raw('CREATE INDEX IF NOT EXISTS link_tracker_click_link ON link_tracker_click (link_id)');
  await knex.raw('DROP INDEX IF EXISTS link_tracker_click_link_ip');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS link_tracker_click_link_ip ON link_tracker_click (link_id, ip)');
  await knex.raw('DROP INDEX IF EXISTS link_tracker_click_link');
  await knex.schema.dropTable(VISITOR_TABLE);
}

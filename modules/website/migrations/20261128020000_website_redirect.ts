import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

/**
 * Redirects of old URLs (answered before routing), their hit counters apart (written in batches by
 * the hot path, and not a change of what pages show), and the menu's hidden and module entries.
 */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'website_redirect', (t) => {
    t.string('url_from', 256).notNullable();
    t.string('url_to', 512).notNullable();
    t.string('redirect_type', 8).notNullable().defaultTo('301');
    t.integer('website_id').references('id').inTable('website').onDelete('CASCADE');
    t.index(['url_from']);
  });
  await knex.schema.createTable('website_redirect_hit', (t) => {
    t.integer('redirect_id').primary().references('id').inTable('website_redirect').onDelete('CASCADE');
    t.integer('hits').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('website_menu', (t) => {
    t.boolean('is_visible').notNullable().defaultTo(true);
    // The module whose page this entry leads to (forum, event...): created and removed with the module on the site.
    t.string('module', 64);
  });
}

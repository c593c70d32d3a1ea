import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

/**
 * Blocks as blocks: a page's saved versions (website.page.version, the last 20 per page kept), and
 * the theme settings of a site (primary colour, font, favicon) declared on `website` by this module.
 */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'website_page_version', (t) => {
    t.integer('page_id').notNullable().references('id').inTable('website_page').onDelete('CASCADE');
    // The page's content column as it was stored after the save (every language it holds).
    t.text('content');
    t.integer('restored_from_id');
    t.index(['page_id', 'id']);
  });
  await knex.schema.alterTable('website', (t) => {
    t.string('theme_primary_color', 7);
    t.string('theme_font', 32);
    t.text('theme_favicon');
  });
}

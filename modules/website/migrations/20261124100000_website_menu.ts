import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

/** The site menu as records (edited in place), and one URL per page and site (see PageUrls). */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'website_menu', (t) => {
    t.text('name').notNullable();
    t.string('url', 256);
    t.integer('page_id').references('id').inTable('website_page').onDelete('CASCADE');
    t.integer('sequence');
    t.integer('parent_id').references('id').inTable('website_menu').onDelete('CASCADE');
    t.integer('website_id').references('id').inTable('website').onDelete('CASCADE');
    t.index(['website_id', 'sequence']);
  });
}

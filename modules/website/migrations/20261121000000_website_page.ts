import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'website_page', (t) => {
    t.text('name').notNullable();
    t.string('url', 256).notNullable();
    t.text('content');
    t.boolean('website_published');
    t.text('website_meta_title');
    t.text('website_meta_description');
    t.integer('website_id').references('id').inTable('website').onDelete('CASCADE');
    t.index(['url']);
  });
}

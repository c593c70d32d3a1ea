import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'website_share_count', (t) => {
    t.string('url_path', 512).notNullable();
    t.string('network', 16).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    // One counter per page and network: increments are a single upsert on this key.
    t.unique(['url_path', 'network']);
  });
}

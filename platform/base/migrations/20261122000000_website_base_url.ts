import type { Knex } from 'knex';

/** The public base URL of a site (see the `website` model): links the site gives out are built on it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('website', (t) => {
    t.string('base_url', 256);
  });
}

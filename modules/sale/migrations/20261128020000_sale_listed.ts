import type { Knex } from 'knex';

/** Products sold elsewhere on the site (event tickets) are published but not listed in /shop. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_template', (t) => {
    t.boolean('website_listed').notNullable().defaultTo(true);
  });
}

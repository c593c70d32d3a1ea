import type { Knex } from 'knex';

/** A variant may have its own picture (a red T-shirt); without one it shows its product's. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('product_product', (t) => {
    t.text('image');
  });
}

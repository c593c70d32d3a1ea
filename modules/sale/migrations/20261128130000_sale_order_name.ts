import type { Knex } from 'knex';

/*
 * An order is found by its reference (its payments are named after it: `S00012`, `S00012x1`), when a
 * payment confirms it (one guarded UPDATE by name) or a provider notifies: an index instead of a scan of
 * every order. Not unique: a new cart is named 'New' inside the transaction that names it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sale_order', (t) => {
    t.index(['name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sale_order', (t) => {
    t.dropIndex(['name']);
  });
}

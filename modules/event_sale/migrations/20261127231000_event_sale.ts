import type { Knex } from 'knex';

/** event_sale's fields on event's tables: a ticket's product, a registration's order and order line. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_event_ticket', (t) => {
    t.integer('product_id').references('id').inTable('product_product').onDelete('SET NULL');
  });
  await knex.schema.alterTable('event_registration', (t) => {
    t.integer('sale_order_id').references('id').inTable('sale_order').onDelete('SET NULL');
    t.integer('sale_order_line_id').references('id').inTable('sale_order_line').onDelete('SET NULL');
    t.index(['sale_order_id']);
  });
}

import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';
import { addQueueColumns } from '@platform/mail';

/**
 * Checkout: shipping methods (a flat rate, optionally free over an amount), the order's shipping
 * method and amount and its current payment, the confirmation mails' queue, and the shop's own page
 * events (first-party analytics).
 */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'delivery_carrier', (t) => {
    t.string('name', 128).notNullable();
    t.decimal('fixed_price', 16, 2).notNullable().defaultTo(0);
    t.boolean('free_over').notNullable().defaultTo(false);
    t.decimal('amount', 16, 2).notNullable().defaultTo(0);
    t.integer('sequence').notNullable().defaultTo(10);
    t.boolean('website_published').notNullable().defaultTo(true);
    t.boolean('active').notNullable().defaultTo(true);
  });
  await knex.schema.alterTable('sale_order', (t) => {
    t.integer('carrier_id').references('id').inTable('delivery_carrier').onDelete('SET NULL');
    t.decimal('amount_delivery', 16, 2).notNullable().defaultTo(0);
    t.integer('payment_tx_id').references('id').inTable('payment_transaction').onDelete('SET NULL');
    t.string('date_order', 32);
    t.string('mail_base_url', 512);
  });
  await knex.schema.createTable('sale_order_mail', (t) => {
    t.increments('id').primary();
    t.integer('order_id').notNullable().references('id').inTable('sale_order').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('base_url', 512).notNullable();
    addQueueColumns(t);
    t.index(['state', 'next_attempt_at']);
  });
  await knex.schema.createTable('sale_ecom_event', (t) => {
    t.increments('id').primary();
    t.integer('website_id').references('id').inTable('website').onDelete('CASCADE');
    t.string('event', 32).notNullable();
    t.integer('res_id');
    t.string('label', 64);
    t.string('day', 10).notNullable();
    t.index(['website_id', 'day', 'event']);
  });
}

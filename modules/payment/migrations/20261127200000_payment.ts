import type { Knex } from 'knex';
import { createModelTable, datetime } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'res_currency', (t) => {
    t.string('name', 3).notNullable().unique();
    t.string('symbol', 8).notNullable();
    t.integer('decimal_places').notNullable().defaultTo(2);
    t.boolean('active').notNullable().defaultTo(true);
  });
  await createModelTable(knex, 'payment_acquirer', (t) => {
    t.text('name').notNullable(); // translated: one value per language
    t.text('description');
    t.integer('sequence').notNullable().defaultTo(10);
    t.string('provider', 32).notNullable();
    t.string('environment', 8).notNullable().defaultTo('test');
    t.boolean('website_published').notNullable().defaultTo(false);
    t.integer('website_id').references('id').inTable('website').onDelete('CASCADE');
    for (const msg of ['pre_msg', 'post_msg', 'pending_msg', 'done_msg', 'cancel_msg', 'error_msg']) t.text(msg);
    t.string('save_token', 8).notNullable().defaultTo('none');
    t.boolean('capture_manually').notNullable().defaultTo(false);
    t.index(['website_published', 'sequence']);
  });
  await createModelTable(knex, 'payment_token', (t) => {
    t.string('name', 256).notNullable();
    t.integer('partner_id').notNullable().references('id').inTable('res_partner').onDelete('CASCADE');
    t.integer('acquirer_id').notNullable().references('id').inTable('payment_acquirer').onDelete('CASCADE');
    t.string('acquirer_ref', 128).notNullable();
    t.string('brand', 16).notNullable();
    t.string('last4', 4).notNullable();
    t.string('holder_name', 128);
    t.string('expiry', 8);
    t.boolean('active').notNullable().defaultTo(true);
    t.index(['partner_id', 'active']);
  });
  await createModelTable(knex, 'payment_transaction', (t) => {
    t.string('reference', 64).notNullable().unique();
    t.integer('acquirer_id').notNullable().references('id').inTable('payment_acquirer').onDelete('RESTRICT');
    t.string('provider', 32).notNullable();
    t.decimal('amount', 16, 2).notNullable();
    t.integer('currency_id').notNullable().references('id').inTable('res_currency').onDelete('RESTRICT');
    t.string('state', 16).notNullable().defaultTo('draft');
    t.string('type', 16).notNullable().defaultTo('form');
    t.string('acquirer_reference', 128);
    t.text('state_message');
    datetime(t, 'date_validate');
    t.integer('partner_id').references('id').inTable('res_partner').onDelete('SET NULL');
    t.string('partner_name', 256);
    t.string('partner_email', 256);
    t.string('partner_lang', 16);
    t.string('partner_address', 256);
    t.string('partner_zip', 24);
    t.string('partner_city', 128);
    t.integer('partner_country_id').references('id').inTable('res_country').onDelete('SET NULL');
    t.string('partner_phone', 64);
    t.integer('payment_token_id').references('id').inTable('payment_token').onDelete('SET NULL');
    t.integer('website_id').references('id').inTable('website').onDelete('SET NULL');
    t.string('card_brand', 16);
    t.string('card_last4', 4);
    t.index(['state', 'provider']);
    t.index(['partner_id']);
  });
}

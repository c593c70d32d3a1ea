import type { Knex } from 'knex';
import { createModelTable, createRelationTable } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'product_category', (t) => {
    t.string('name', 128).notNullable();
    t.integer('parent_id').references('id').inTable('product_category').onDelete('RESTRICT');
    t.string('complete_name', 1024);
    t.integer('sequence').notNullable().defaultTo(10);
    t.index(['parent_id']);
  });
  await createModelTable(knex, 'product_template', (t) => {
    t.string('name', 256).notNullable();
    t.text('description');
    t.decimal('list_price', 16, 2).notNullable().defaultTo(0);
    t.integer('categ_id').references('id').inTable('product_category').onDelete('SET NULL');
    t.boolean('website_published').notNullable().defaultTo(false);
    t.integer('website_sequence').notNullable().defaultTo(10);
    t.text('image');
    t.boolean('active').notNullable().defaultTo(true);
    // The listing: published products in the model's order, by category.
    t.index(['website_published', 'website_sequence', 'name']);
    t.index(['categ_id']);
  });
  await createModelTable(knex, 'product_attribute', (t) => {
    t.string('name', 128).notNullable();
    t.integer('sequence').notNullable().defaultTo(10);
  });
  await createModelTable(knex, 'product_attribute_value', (t) => {
    t.string('name', 128).notNullable();
    t.integer('attribute_id').notNullable().references('id').inTable('product_attribute').onDelete('CASCADE');
    t.integer('sequence').notNullable().defaultTo(10);
    t.index(['attribute_id']);
  });
  await createModelTable(knex, 'product_template_attribute_value', (t) => {
    t.integer('product_tmpl_id').notNullable().references('id').inTable('product_template').onDelete('CASCADE');
    t.integer('attribute_value_id').notNullable().references('id').inTable('product_attribute_value').onDelete('CASCADE');
    t.decimal('price_extra', 16, 2).notNullable().defaultTo(0);
    t.unique(['product_tmpl_id', 'attribute_value_id']);
  });
  await createModelTable(knex, 'product_product', (t) => {
    t.integer('product_tmpl_id').notNullable().references('id').inTable('product_template').onDelete('CASCADE');
    t.string('default_code', 64);
    t.boolean('active').notNullable().defaultTo(true);
    t.index(['product_tmpl_id', 'active']);
  });
  await createRelationTable(knex, 'product_variant_value_rel', 'product_id', 'product_product', 'value_id', 'product_attribute_value');
  await createModelTable(knex, 'sale_order', (t) => {
    t.string('name', 64).notNullable();
    t.integer('partner_id').notNullable().references('id').inTable('res_partner').onDelete('RESTRICT');
    t.string('state', 16).notNullable().defaultTo('draft');
    t.integer('currency_id').notNullable().references('id').inTable('res_currency').onDelete('RESTRICT');
    t.integer('website_id').references('id').inTable('website').onDelete('SET NULL');
    t.decimal('amount_untaxed', 16, 2).notNullable().defaultTo(0);
    t.decimal('amount_total', 16, 2).notNullable().defaultTo(0);
    t.string('access_token', 64);
    t.index(['partner_id', 'state']);
  });
  await createModelTable(knex, 'sale_order_line', (t) => {
    t.integer('order_id').notNullable().references('id').inTable('sale_order').onDelete('CASCADE');
    t.integer('product_id').notNullable().references('id').inTable('product_product').onDelete('RESTRICT');
    t.text('name').notNullable();
    t.integer('product_uom_qty').notNullable().defaultTo(1);
    t.decimal('price_unit', 16, 2).notNullable().defaultTo(0);
    t.decimal('price_subtotal', 16, 2).notNullable().defaultTo(0);
    t.index(['order_id']);
  });
}

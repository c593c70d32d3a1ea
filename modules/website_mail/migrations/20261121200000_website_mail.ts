import type { Knex } from 'knex';
import { createModelTable, datetime } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mail_followers', (t) => {
    t.increments('id').primary();
    t.string('res_model', 64).notNullable();
    t.integer('res_id').notNullable();
    t.integer('partner_id').notNullable().references('id').inTable('res_partner').onDelete('CASCADE');
    t.unique(['res_model', 'res_id', 'partner_id']);
  });
  await createModelTable(knex, 'mail_message', (t) => {
    t.text('body');
    t.string('subject', 256);
    datetime(t, 'date');
    t.integer('author_id').references('id').inTable('res_partner').onDelete('SET NULL');
    t.string('message_type', 32);
    t.string('model', 64);
    t.integer('res_id');
    t.boolean('website_published');
    t.index(['model', 'res_id']);
  });
  await createModelTable(knex, 'rating_rating', (t) => {
    t.float('rating').notNullable();
    t.text('feedback');
    t.string('res_model', 64).notNullable();
    t.integer('res_id').notNullable();
    t.integer('rated_partner_id').references('id').inTable('res_partner').onDelete('SET NULL');
    t.integer('partner_id').references('id').inTable('res_partner').onDelete('SET NULL');
    t.integer('message_id').references('id').inTable('mail_message').onDelete('CASCADE');
    t.boolean('consumed');
    t.index(['res_model', 'res_id']);
  });
  await knex.schema.alterTable('website_page', (t) => {
    t.boolean('allow_reviews');
  });
}

import type { Knex } from 'knex';
import { createModelTable, createRelationTable, datetime } from '@platform/db/schema';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'res_lang', (t) => {
    t.string('name').notNullable();
    t.string('code', 16).notNullable().unique();
    t.string('url_code', 16).notNullable().unique();
    t.string('direction', 8);
    t.string('date_format', 64);
    t.string('time_format', 64);
    t.boolean('active');
  });
  await createModelTable(knex, 'res_country', (t) => {
    t.text('name').notNullable();
    t.string('code', 2).notNullable().unique();
    t.integer('phone_code');
  });
  await createModelTable(knex, 'res_country_state', (t) => {
    t.string('name').notNullable();
    t.string('code', 16).notNullable();
    t.integer('country_id').notNullable().references('id').inTable('res_country').onDelete('CASCADE');
    t.unique(['country_id', 'code']);
  });
  await createModelTable(knex, 'res_partner', (t) => {
    t.string('name', 256).notNullable();
    t.string('email', 256);
    t.string('phone', 64);
    t.string('street', 256);
    t.string('city', 128);
    t.string('zip', 24);
    t.integer('country_id').references('id').inTable('res_country').onDelete('RESTRICT');
    t.integer('state_id').references('id').inTable('res_country_state').onDelete('RESTRICT');
    t.string('vat', 64);
    t.string('company_name', 256);
    t.string('lang', 16);
    t.text('image');
    t.boolean('active');
    t.index(['email']);
  });
  await createModelTable(knex, 'res_users', (t) => {
    t.string('name', 256).notNullable();
    t.string('login', 128).notNullable().unique();
    t.string('email', 256);
    t.integer('partner_id').notNullable().references('id').inTable('res_partner').onDelete('RESTRICT');
    t.boolean('active');
    t.boolean('share');
    t.string('password_hash', 255);
  });
  await createModelTable(knex, 'res_groups', (t) => {
    t.text('name').notNullable();
  });
  await createRelationTable(knex, 'res_groups_implied_rel', 'gid', 'res_groups', 'hid', 'res_groups');
  await createRelationTable(knex, 'res_groups_users_rel', 'gid', 'res_groups', 'uid', 'res_users');
  await createModelTable(knex, 'website', (t) => {
    t.string('name').notNullable();
    t.string('domain');
    t.integer('default_lang_id').notNullable().references('id').inTable('res_lang');
    t.integer('user_id').notNullable().references('id').inTable('res_users');
  });
  await createRelationTable(knex, 'res_lang_website_rel', 'website_id', 'website', 'res_lang_id', 'res_lang');
  await knex.schema.createTable('website_module', (t) => {
    t.integer('website_id').notNullable().references('id').inTable('website').onDelete('CASCADE');
    t.string('module', 64).notNullable();
    t.primary(['website_id', 'module']);
  });
  await knex.schema.createTable('http_session', (t) => {
    t.string('id', 64).primary();
    t.integer('uid');
    t.text('data');
    datetime(t, 'create_date');
    datetime(t, 'expires_at').notNullable().index();
  });
  await knex.schema.createTable('rate_limit', (t) => {
    t.string('key', 255).primary();
    t.integer('hits').notNullable();
    datetime(t, 'expires_at').notNullable().index();
  });
  await knex.schema.createTable('ir_config_parameter', (t) => {
    t.string('key', 255).primary();
    t.text('value');
  });
  await knex.schema.createTable('ir_cron', (t) => {
    t.string('name', 128).primary();
    datetime(t, 'next_call').notNullable();
    datetime(t, 'last_call');
  });
}

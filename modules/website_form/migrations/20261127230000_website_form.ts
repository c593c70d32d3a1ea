import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';
import { addQueueColumns } from '@platform/mail';

/** The whitelist, the contact requests, the editor's form blocks, and the queue of notification mails. */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'website_form_model', (t) => {
    t.string('model', 128).notNullable().unique();
    t.text('label').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.text('field_names');
    t.string('default_field', 128);
    t.boolean('notify').notNullable().defaultTo(true);
  });
  await createModelTable(knex, 'website_form_lead', (t) => {
    t.string('name', 256).notNullable();
    t.string('email', 256);
    t.string('phone', 64);
    t.string('company', 256);
    t.string('subject', 256);
    t.text('description');
    t.date('contact_date');
    t.boolean('newsletter').notNullable().defaultTo(false);
    t.integer('website_id').references('id').inTable('website').onDelete('SET NULL');
    t.string('state', 16).notNullable().defaultTo('new');
    t.index(['create_date']);
  });
  await knex.schema.createTable('website_form_lead_attachment_rel', (t) => {
    t.integer('lead_id').notNullable().references('id').inTable('website_form_lead').onDelete('CASCADE');
    t.integer('attachment_id').notNullable().references('id').inTable('ir_attachment').onDelete('CASCADE');
    t.primary(['lead_id', 'attachment_id']);
    t.index(['attachment_id']);
  });
  await createModelTable(knex, 'website_form_block', (t) => {
    t.string('name', 128).notNullable();
    t.string('key', 64).notNullable().unique();
    t.integer('form_model_id').notNullable().references('id').inTable('website_form_model').onDelete('RESTRICT');
    t.string('success_page', 256);
    t.text('success_message');
    t.text('button_label');
  });
  await createModelTable(knex, 'website_form_block_field', (t) => {
    t.integer('block_id').notNullable().references('id').inTable('website_form_block').onDelete('CASCADE');
    t.integer('sequence').notNullable().defaultTo(10);
    t.string('field_name', 128).notNullable();
    t.text('label').notNullable();
    t.string('input_type', 16).notNullable().defaultTo('text');
    t.boolean('required').notNullable().defaultTo(false);
    t.text('placeholder');
    t.text('choices');
    t.index(['block_id', 'sequence']);
  });
  // One row per submission to notify: sent by a LeasedQueue (once, retried on 4xx).
  await knex.schema.createTable('website_form_mail', (t) => {
    t.increments('id').primary();
    t.string('email_to', 254).notNullable();
    t.string('subject', 256).notNullable();
    t.text('body').notNullable();
    t.string('res_model', 128).notNullable();
    t.integer('res_id').notNullable();
    addQueueColumns(t);
    t.index(['state', 'next_attempt_at']);
  });
}

import type { Knex } from 'knex';
import { createModelTable, createRelationTable, datetime } from '@platform/db';
import { addQueueColumns } from '@platform/mail';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'mail_mass_mailing_list', (t) => {
    t.text('name').notNullable();
    t.boolean('active');
    t.text('popup_content');
    t.text('popup_redirect_url');
  });
  await createModelTable(knex, 'mail_mass_mailing_contact', (t) => {
    t.text('name');
    t.string('email', 254).notNullable().unique();
  });
  await createModelTable(knex, 'mail_mass_mailing_subscription', (t) => {
    t.integer('contact_id').notNullable().references('id').inTable('mail_mass_mailing_contact').onDelete('CASCADE');
    t.integer('list_id').notNullable().references('id').inTable('mail_mass_mailing_list').onDelete('CASCADE');
    t.boolean('opt_out');
    datetime(t, 'unsubscription_date');
    t.unique(['contact_id', 'list_id']);
    t.index(['list_id']);
  });
  await createModelTable(knex, 'mail_mass_mailing', (t) => {
    t.text('subject').notNullable();
    t.text('body_html');
    t.text('email_from');
    t.string('state', 16).notNullable().defaultTo('draft');
    datetime(t, 'sent_date');
  });
  await createRelationTable(knex, 'mail_mass_mailing_list_rel', 'mailing_id', 'mail_mass_mailing', 'list_id', 'mail_mass_mailing_list');
  await knex.schema.createTable('mail_mass_mailing_recipient', (t) => {
    t.increments('id').primary();
    t.integer('mailing_id').notNullable().references('id').inTable('mail_mass_mailing').onDelete('CASCADE');
    t.integer('contact_id').references('id').inTable('mail_mass_mailing_contact').onDelete('SET NULL');
    t.string('email', 254).notNullable();
    t.bigInteger('opened_at');
    t.bigInteger('clicked_at');
    t.bigInteger('unsubscribed_at');
    addQueueColumns(t);
    // Queueing a mailing twice cannot give anyone two rows, hence two messages.
    t.unique(['mailing_id', 'email']);
    t.index(['mailing_id', 'state']);
  });
}

import type { Knex } from 'knex';
import { datetime } from '@platform/db';

/**
 * The outbox becomes the mail log: every message handed to the transport, with its state (waiting in
 * the outbox, sent, failed), the SMTP error of a failure, and what a retry needs (the plain-text part).
 * Rows kept before this version were all waiting (no SMTP server was set).
 * Plus each site's mail settings: the newsletter's sender and the mailings' colour.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('state', 16).notNullable().defaultTo('outgoing');
    t.text('error');
    t.text('body_text');
    t.integer('attempts').notNullable().defaultTo(0);
    datetime(t, 'sent_date');
    t.index(['state']);
    t.index(['message_id']);
  });
  await knex.schema.createTable('mail_site_settings', (t) => {
    t.increments('id');
    t.integer('website_id').notNullable().unique().references('id').inTable('website').onDelete('CASCADE');
    t.text('newsletter_from_name');
    t.text('newsletter_from_email');
    t.string('brand_color', 16);
  });
}

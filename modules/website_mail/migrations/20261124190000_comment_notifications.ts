import type { Knex } from 'knex';
import { addQueueColumns } from '@platform/mail';

/**
 * The mails telling followers about a new comment: one row per (comment, follower), sent through a
 * LeasedQueue (so a crash neither loses nor doubles one, and the unique pair caps it at one mail).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('website_mail_notification', (t) => {
    t.increments('id').primary();
    t.integer('message_id').notNullable().references('id').inTable('mail_message').onDelete('CASCADE');
    t.integer('partner_id').notNullable().references('id').inTable('res_partner').onDelete('CASCADE');
    t.string('email', 254).notNullable();
    t.string('lang', 16).notNullable();
    /** The language's URL prefix on the site (`fr`), none for its default language. */
    t.string('url_prefix', 16);
    t.integer('site_id').notNullable();
    /** The site's public base URL when the comment was posted (links in the mail). */
    t.string('base_url', 512).notNullable();
    addQueueColumns(t);
    t.unique(['message_id', 'partner_id']);
    t.index(['state', 'next_attempt_at']);
  });
}

import type { Knex } from 'knex';
import { addQueueColumns } from '@platform/mail';

/**
 * The moderators' daily digest mails, as a send queue: one row per moderator and day (the unique key:
 * a job run twice the same day queues nothing more), sent through a LeasedQueue.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('forum_moderation_digest', (t) => {
    t.increments('id').primary();
    t.integer('user_id').notNullable().references('id').inTable('res_users').onDelete('CASCADE');
    t.string('digest_day', 10).notNullable();
    t.string('email_to', 256).notNullable();
    t.string('subject', 256).notNullable();
    t.text('body_html').notNullable();
    t.text('body_text').notNullable();
    addQueueColumns(t);
    t.unique(['user_id', 'digest_day']);
    t.index(['state', 'next_attempt_at']);
  });
}

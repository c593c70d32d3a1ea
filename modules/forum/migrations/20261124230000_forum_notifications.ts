import type { Knex } from 'knex';
import { createModelTable } from '@platform/db';

/** forum.notification: one row per (news, signed-in follower); the forum page lists a user's unread ones. */
export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'forum_notification', (t) => {
    t.integer('partner_id').notNullable().references('id').inTable('res_partner').onDelete('CASCADE');
    t.string('kind', 16).notNullable();
    t.integer('question_id').notNullable().references('id').inTable('forum_post').onDelete('CASCADE');
    t.integer('post_id').notNullable().references('id').inTable('forum_post').onDelete('CASCADE');
    t.integer('message_id').references('id').inTable('mail_message').onDelete('CASCADE');
    t.integer('author_id').references('id').inTable('res_partner').onDelete('SET NULL');
    t.boolean('is_read').notNullable().defaultTo(false);
    t.index(['partner_id', 'is_read']);
  });
}

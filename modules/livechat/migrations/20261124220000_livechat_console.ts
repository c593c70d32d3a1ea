import type { Knex } from 'knex';

/**
 * The operator console: the page the visitor is on, who ended a conversation (the console says
 * "the visitor left" or keeps the operator's close after a reload), and the last message the operator
 * has seen (unread counters survive a reload and agree between the operator's tabs).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_channel', (t) => {
    t.string('visitor_page', 512);
    t.string('closed_by', 16);
    t.integer('operator_seen_message_id');
    t.index(['livechat_operator_id', 'state']);
  });
}

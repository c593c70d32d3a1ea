import type { Knex } from 'knex';
import { createModelTable, createRelationTable, datetime } from '@platform/db';

export async function up(knex: Knex): Promise<void> {
  await createModelTable(knex, 'im_livechat_channel', (t) => {
    t.string('name', 128).notNullable();
    t.string('button_text', 256);
    t.string('default_message', 1024);
    t.string('input_placeholder', 256);
  });
  await createRelationTable(knex, 'im_livechat_channel_im_user', 'channel_id', 'im_livechat_channel', 'user_id', 'res_users');
  await createModelTable(knex, 'im_livechat_channel_rule', (t) => {
    t.string('regex_url', 512);
    t.string('action').notNullable();
    t.integer('auto_popup_timer');
    t.integer('channel_id').references('id').inTable('im_livechat_channel').onDelete('CASCADE');
    t.integer('sequence');
  });
  await createRelationTable(knex, 'im_livechat_channel_country_rel', 'channel_id', 'im_livechat_channel_rule', 'country_id', 'res_country');
  await createModelTable(knex, 'mail_channel', (t) => {
    t.string('name', 256).notNullable();
    t.string('uuid', 50).unique();
    t.string('channel_type');
    t.string('public');
    t.string('state');
    t.string('anonymous_name', 128);
    t.integer('country_id').references('id').inTable('res_country').onDelete('SET NULL');
    t.integer('livechat_channel_id').references('id').inTable('im_livechat_channel').onDelete('SET NULL');
    t.integer('livechat_operator_id').references('id').inTable('res_partner').onDelete('SET NULL');
    datetime(t, 'last_message_date');
    t.index(['livechat_channel_id', 'state']);
  });
  await createRelationTable(knex, 'mail_channel_res_partner_rel', 'channel_id', 'mail_channel', 'partner_id', 'res_partner');
  // mail.message and rating.rating belong to website_mail; chat lines only add their conversation.
  await knex.schema.alterTable('mail_message', (t) => {
    t.integer('channel_id').references('id').inTable('mail_channel').onDelete('CASCADE');
    t.index(['channel_id', 'id']);
  });
}

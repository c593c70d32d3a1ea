import crypto from 'node:crypto';
import { defineModel, fields } from '@platform/orm';

/** A conversation; live chat sessions are the channels of type `livechat`. */
export const MailChannel = defineModel({
  name: 'mail.channel',
  description: 'Discussion channel',
  order: 'id desc',
  fields: {
    name: fields.char({ required: true, size: 256 }),
    uuid: fields.char({ size: 50, readonly: true, default: () => crypto.randomUUID() }),
    channel_type: fields.selection([['chat', 'Chat Discussion'], ['channel', 'Channel'], ['livechat', 'Livechat Conversation']], { default: 'channel' }),
    public: fields.selection([['public', 'Everyone'], ['private', 'Invited people only'], ['groups', 'Selected group of users']], { default: 'groups' }),
    state: fields.selection([['open', 'Open'], ['closed', 'Closed']], { default: 'open' }),
    channel_partner_ids: fields.many2many('res.partner', { string: 'Members', relation: 'mail_channel_res_partner_rel', column1: 'channel_id', column2: 'partner_id' }),
    channel_message_ids: fields.one2many('mail.message', 'channel_id', { string: 'Messages' }),
    anonymous_name: fields.char({ string: 'Anonymous Name', size: 128 }),
    country_id: fields.many2one('res.country', { string: 'Visitor country' }),
    livechat_channel_id: fields.many2one('im_livechat.channel', { string: 'Livechat channel', ondelete: 'set null' }),
    livechat_operator_id: fields.many2one('res.partner', { string: 'Operator' }),
    last_message_date: fields.datetime(),
    visitor_page: fields.char({ string: 'Visitor page', size: 512 }),
    closed_by: fields.selection([['visitor', 'Visitor'], ['operator', 'Operator']], { string: 'Closed by' }),
    operator_seen_message_id: fields.integer({ string: 'Last message seen by the operator' }),
  },
});

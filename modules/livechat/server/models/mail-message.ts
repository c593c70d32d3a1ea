import { extendModel, fields } from '@platform/orm';

/**
 * Chat lines are mail.message records (website_mail owns the model) attached to their conversation.
 * Only the chat service (after its own checks) puts a message in a conversation: read-only to ORM calls,
 * so nobody who may edit some messages (publishers moderating comments) can slip one into a chat.
 */
export const MailMessageChat = extendModel('mail.message', {
  channel_id: fields.many2one('mail.channel', { string: 'Conversation', ondelete: 'cascade', readonly: true }),
});

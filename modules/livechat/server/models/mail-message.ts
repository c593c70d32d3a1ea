import { extendModel } from '../../../../platform/orm/model-definition';
import { fields } from '../../../../platform/orm/fields';

/** Chat lines are mail.message records (website_mail owns the model) attached to their conversation. */
export const MailMessageChat = extendModel('mail.message', {
  channel_id: fields.many2one('mail.channel', { string: 'Conversation', ondelete: 'cascade' }),
});

import { defineModel, fields } from '@platform/orm';

/** A message about a record: public comments on the site, notes, chat lines (other modules add fields). */
export const MailMessage = defineModel({
  name: 'mail.message',
  description: 'Message',
  order: 'id desc',
  fields: {
    body: fields.html(),
    subject: fields.char({ size: 256 }),
    date: fields.datetime(),
    author_id: fields.many2one('res.partner', { string: 'Author', ondelete: 'set null' }),
    message_type: fields.selection([['comment', 'Comment'], ['notification', 'System notification']], { default: 'comment' }),
    model: fields.char({ size: 64, string: 'Related document model' }),
    res_id: fields.integer({ string: 'Related document ID' }),
    website_published: fields.boolean({ default: true, string: 'Published on the website' }),
  },
});

import { defineModel, fields } from '@platform/orm';

/** Messages kept instead of sent when SMTP_URL is unset; administrators read them here. */
export const MailOutbox = defineModel({
  name: 'mail.outbox',
  description: 'Outgoing mail kept locally',
  order: 'id desc',
  recName: 'subject',
  fields: {
    email_from: fields.char({ readonly: true }),
    email_to: fields.char({ readonly: true }),
    subject: fields.char({ readonly: true }),
    body_html: fields.text({ readonly: true }),
    headers: fields.text({ readonly: true, string: 'Headers (JSON)' }),
    message_id: fields.char({ readonly: true }),
    attachments: fields.text({ readonly: true, string: 'Attachments (JSON: filename, contentType, content)' }),
  },
});

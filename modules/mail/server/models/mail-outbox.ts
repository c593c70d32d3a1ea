import { defineModel, fields } from '@platform/orm';

/** What became of a message: kept in the outbox (no SMTP server), accepted by the server, or refused / unreachable. */
export const MAIL_STATES: Array<[string, string]> = [['outgoing', 'Waiting'], ['sent', 'Sent'], ['exception', 'Failed']];

/**
 * The mail log: every message handed to the transport. Without SMTP_URL messages wait here (the
 * outbox); with it, each send is recorded as sent or failed with the server's error. Mail
 * administrators read it and retry what waits or failed (the `/mail/retry` route); nobody writes it by hand.
 */
export const MailOutbox = defineModel({
  name: 'mail.outbox',
  description: 'Mail log',
  order: 'id desc',
  recName: 'subject',
  fields: {
    state: fields.selection(MAIL_STATES, { readonly: true, string: 'State' }),
    email_from: fields.char({ readonly: true, string: 'From' }),
    email_to: fields.char({ readonly: true, string: 'To' }),
    subject: fields.char({ readonly: true, string: 'Subject' }),
    error: fields.text({ readonly: true, string: 'Error' }),
    attempts: fields.integer({ readonly: true, string: 'Attempts' }),
    sent_date: fields.datetime({ readonly: true, string: 'Sent on' }),
    body_html: fields.text({ readonly: true }),
    body_text: fields.text({ readonly: true, string: 'Plain text' }),
    headers: fields.text({ readonly: true, string: 'Headers (JSON)' }),
    message_id: fields.char({ readonly: true }),
    attachments: fields.text({ readonly: true, string: 'Attachments (JSON: filename, contentType, content)' }),
  },
});

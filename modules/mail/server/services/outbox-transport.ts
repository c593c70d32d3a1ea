import type { Knex } from 'knex';
import { nowUtc } from '@platform/orm';
import type { MailTransport, OutgoingMail, SentMail } from '@platform/mail';

/** A mail log row of a message as handed to the transport (everything a later retry needs). */
export function logRow(mail: OutgoingMail, state: 'outgoing' | 'sent' | 'exception', error: string | null = null): Record<string, unknown> {
  const now = nowUtc();
  return {
    create_date: now, write_date: now, state, error, attempts: state === 'outgoing' ? 0 : 1, sent_date: state === 'sent' ? now : null,
    email_from: mail.from, email_to: mail.to, subject: mail.subject,
    // A sent message's copy is not kept (a mailing to 10,000 people would store 10,000 bodies): only
    // what waits or failed keeps its content, for the retry.
    body_html: state === 'sent' ? null : mail.html, body_text: state === 'sent' ? null : mail.text ?? null,
    headers: JSON.stringify(mail.headers ?? {}), message_id: mail.messageId,
    attachments: state !== 'sent' && mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
  };
}

/** Without SMTP_URL: messages wait in `mail_outbox` (model mail.outbox, the mail log), shown to mail administrators. */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Knex) {}

  async send(mail: OutgoingMail): Promise<SentMail> {
    await this.db('mail_outbox').insert(logRow(mail, 'outgoing'));
    return { messageId: mail.messageId, response: 'outbox' };
  }

  async close(): Promise<void> {}
}

import type { Knex } from 'knex';
import { nowUtc } from '@platform/orm';
import type { MailTransport, OutgoingMail, SentMail } from '@platform/mail';

/** Without SMTP_URL: messages are kept in `mail_outbox` (model mail.outbox), which administrators can read. */
export class OutboxTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Knex) {}

  async send(mail: OutgoingMail): Promise<SentMail> {
    await this.db('mail_outbox').insert({
      create_date: nowUtc(),
      write_date: nowUtc(),
      email_from: mail.from,
      email_to: mail.to,
      subject: mail.subject,
      body_html: mail.html,
      headers: JSON.stringify(mail.headers ?? {}),
      message_id: mail.messageId,
      attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
    });
    return { messageId: mail.messageId, response: 'outbox' };
  }

  async close(): Promise<void> {}
}

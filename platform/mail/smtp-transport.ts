import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { deliveryError, type MailTransport, type OutgoingMail, type SentMail } from './mail-transport';

/** Pool settings shared with the benchmark's baseline so both measure the same transport. */
export const SMTP_POOL_OPTIONS = { pool: true, maxConnections: 5, maxMessages: Infinity } as const;

/** Sends over SMTP with one pooled nodemailer transport (connections are reused across messages). */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter<SMTPPool.SentMessageInfo>;

  constructor(url: string, options: Partial<SMTPPool.Options> = {}) {
    this.transporter = nodemailer.createTransport({ url, ...SMTP_POOL_OPTIONS, ...options } as SMTPPool.Options);
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    try {
      const info = await this.transporter.sendMail({
        from: mail.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text,
        messageId: mail.messageId, headers: mail.headers,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      return { messageId: mail.messageId, response: String(info.response ?? '') };
    } catch (err) {
      throw deliveryError(err);
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { UserError, ValidationError } from '@platform/core';
import { MailTransport, type MailAttachment, type OutgoingMail } from '@platform/mail';
import type { Env } from '@platform/orm';
import { LoggedTransport } from './logged-transport';
import { requireMailAdmin } from './mail-access';
import { MailSenders } from './mail-senders';

export interface MailStatus {
  /** Whether SMTP_URL names a server; without one every message waits in the outbox. */
  smtp: boolean;
  waiting: number;
  failed: number;
}

export interface RetryReport {
  sent: number;
  failed: Array<{ id: number; error: string }>;
}

/**
 * What mail administrators do with the mail log: read its state (the back office banner), retry
 * messages that wait or failed (through the SMTP server once one is set), and send a test message
 * with the system sender to check the set-up.
 */
@injectable()
export class MailLog {
  constructor(
    @inject(MailTransport) private readonly transport: MailTransport,
    @inject(MailSenders) private readonly senders: MailSenders,
  ) {}

  async status(env: Env): Promise<MailStatus> {
    requireMailAdmin(env);
    const counts: Array<{ state: string; n: unknown }> = await env.sudo().db('mail_outbox').whereIn('state', ['outgoing', 'exception']).groupBy('state').select('state').count({ n: '*' });
    const n = (state: string) => Number(counts.find((c) => c.state === state)?.n ?? 0);
    return { smtp: this.transport.kind === 'smtp', waiting: n('outgoing'), failed: n('exception') };
  }

  async retry(env: Env, ids: number[]): Promise<RetryReport> {
    requireMailAdmin(env);
    if (this.transport.kind !== 'smtp' || !(this.transport instanceof LoggedTransport)) {
      throw new UserError('No mail server is configured (SMTP_URL): the messages stay in the outbox.');
    }
    const rows = await env.sudo().db('mail_outbox').whereIn('id', ids).whereIn('state', ['outgoing', 'exception']).orderBy('id');
    if (!rows.length) throw new ValidationError('These messages were already sent.');
    const report: RetryReport = { sent: 0, failed: [] };
    for (const row of rows) {
      try {
        await this.transport.deliver(mailOf(row));
        report.sent++;
      } catch (err) {
        report.failed.push({ id: Number(row.id), error: (err as Error).message });
      }
    }
    return report;
  }

  /** Sends a test message with the system sender; answers how it went or throws the server's error. */
  async sendTest(env: Env, to: string): Promise<{ kind: 'smtp' | 'outbox'; response: string; from: string; to: string }> {
    requireMailAdmin(env);
    if (!to) throw new ValidationError('Your account has no e-mail address: enter one.');
    const from = (await this.senders.systemFrom(env.sudo())) ?? '';
    if (!from) throw new ValidationError('Save a sender for system mails first.');
    const id = crypto.randomUUID();
    const mail: OutgoingMail = {
      from, to, subject: 'Test message from your site',
      html: '<p>This is a test message sent from the Mail settings of your site. If you read it, outgoing mail works.</p>',
      text: 'This is a test message sent from the Mail settings of your site. If you read it, outgoing mail works.\n',
      messageId: `<mail-test-${id}@site>`,
    };
    try {
      const sent = this.transport instanceof LoggedTransport ? await this.transport.deliver(mail) : await this.transport.send(mail);
      return { kind: this.transport.kind, response: sent.response, from, to };
    } catch (err) {
      throw new UserError(`The mail server refused the test message: ${(err as Error).message}`);
    }
  }
}

function mailOf(row: Record<string, unknown>): OutgoingMail {
  const json = <T>(v: unknown, fallback: T): T => {
    try {
      return v ? JSON.parse(String(v)) as T : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    from: String(row.email_from ?? ''), to: String(row.email_to ?? ''), subject: String(row.subject ?? ''),
    html: String(row.body_html ?? ''), text: row.body_text ? String(row.body_text) : undefined,
    messageId: String(row.message_id ?? `<mail-log-${String(row.id)}@site>`),
    headers: json<Record<string, string>>(row.headers, {}),
    attachments: json<MailAttachment[] | undefined>(row.attachments, undefined),
  };
}

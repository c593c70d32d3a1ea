import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { ConfigParameters } from '@platform/base';
import { escapeHtml, textToHtml } from '@platform/common';
import { DatabaseToken } from '@platform/core';
import { MailQueues, type QueueRow, type QueuedMailSender } from '@platform/mail';

const TABLE = 'website_form_mail';

export interface SubmissionMail { to: string; subject: string; body: string; resModel: string; resId: number }

/**
 * The mail the site's contact address gets for each submission: queued in the submission's transaction
 * (no mail for a refused post, no post without its mail), then sent through the transport with a lease
 * per row (a crash neither loses nor doubles it; 4xx replies are retried by the job).
 */
@injectable()
export class FormMailQueue {
  private readonly sender: QueuedMailSender;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailQueues) queues: MailQueues,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
  ) {
    this.sender = queues.sender({ table: TABLE, label: 'website_form: sending notifications', compose: (row) => this.compose(row) });
  }

  /** Queues a mail in `trx` (the submission's transaction). */
  async enqueue(trx: Knex, mail: SubmissionMail): Promise<void> {
    await trx(TABLE).insert({
      email_to: mail.to.slice(0, 254), subject: mail.subject.slice(0, 256), body: mail.body, res_model: mail.resModel, res_id: mail.resId,
      state: 'pending', attempts: 0, next_attempt_at: 0,
    });
  }

  kick(): Promise<void> {
    return this.sender.kick();
  }

  async drain(stopping?: AbortSignal): Promise<number> {
    return this.sender.drain(stopping);
  }

  private async compose(row: QueueRow) {
    const from = (await this.params.get('mail.default.from')) || 'noreply@localhost';
    const body = String(row.body);
    return {
      from, to: String(row.email_to), subject: String(row.subject), messageId: `<website-form-${row.id}@site>`,
      text: body, html: `<p>${textToHtml(body)}</p><p style="color:#666">${escapeHtml(`${String(row.res_model)} #${String(row.res_id)}`)}</p>`,
    };
  }
}

import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { ConfigParameters } from '@platform/base';
import { escapeHtml } from '@platform/common';
import { DatabaseToken, LoggerToken, ValidationError } from '@platform/core';
import { MailQueues, type QueueRow, type QueuedMailSender } from '@platform/mail';
import type { Env } from '@platform/orm';
import { surveyUrls } from '../../common/survey-types';
import { SurveyAnswers } from './survey-answers';

const TABLE = 'survey_invitation';

/**
 * Invitations: each address gets its own input (a personal token, answerable once) and a queue row in
 * the same transaction; the rows are sent through the mail transport with a lease each (a crash neither
 * loses nor doubles a mail; 4xx replies are retried). Inviting kicks a drain at once.
 */
@injectable()
export class SurveyInvitations {
  private readonly sender: QueuedMailSender;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailQueues) queues: MailQueues,
    @inject(SurveyAnswers) private readonly answers: SurveyAnswers,
    @inject(ConfigParameters) private readonly params: ConfigParameters,
  ) {
    this.sender = queues.sender({ table: TABLE, label: 'survey invitations: sending', compose: (row) => this.compose(row) });
  }

  /** Creates an input per address and queues its mail; returns how many were queued. */
  async invite(env: Env, surveyId: number, emails: string[], baseUrl: string): Promise<number> {
    const survey = await env.db('survey_survey').where({ id: surveyId }).first('id', 'stage');
    if (!survey) throw new ValidationError('This survey does not exist.');
    if (survey.stage === 'closed') throw new ValidationError('This survey is closed: nobody can answer it.');
    await env.transaction(async (tx) => {
      for (const email of emails) {
        const input = await this.answers.create(tx, surveyId, { email, type: 'link' });
        await tx.db(TABLE).insert({ survey_id: surveyId, user_input_id: input.id, email, base_url: baseUrl.replace(/\/+$/, '').slice(0, 512), state: 'pending', attempts: 0, next_attempt_at: 0 });
      }
    });
    void this.kick();
    return emails.length;
  }

  kick(): Promise<void> {
    return this.sender.kick();
  }

  /** Sends every due invitation through the platform's queue worker (leases renewed, outcomes recorded per row); returns how many were sent. */
  async drain(stopping?: AbortSignal): Promise<number> {
    return this.sender.drain(stopping);
  }

  private async compose(row: QueueRow) {
    const r = await this.db('survey_invitation as i').join('survey_user_input as u', 'u.id', 'i.user_input_id').join('survey_survey as s', 's.id', 'i.survey_id')
      .where('i.id', row.id as number).first('u.token', 's.title', 's.id as survey_id');
    const url = `${String(row.base_url)}${surveyUrls.start(Number(r.survey_id), String(r.token))}`;
    const from = (await this.params.get('mail.default.from')) || 'noreply@localhost';
    const title = String(r.title);
    return {
      from, to: String(row.email), subject: `Participate in the survey: ${title}`, messageId: `<survey-invitation-${row.id}@site>`,
      text: `Hello,\n\nWe are conducting a survey, "${title}", and your answers would be appreciated:\n${url}\n\nThis link is yours: it answers the survey once.\n`,
      html: `<p>Hello,</p><p>We are conducting a survey, <strong>${escapeHtml(title)}</strong>, and your answers would be appreciated.</p><p><a href="${escapeHtml(url)}">Start the survey</a></p><p>This link is yours: it answers the survey once.</p>`,
    };
  }
}

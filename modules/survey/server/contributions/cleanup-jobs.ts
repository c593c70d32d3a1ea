import { injectable } from 'inversify';
import { utcText } from '@platform/common';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import type { Env } from '@platform/orm';

/** How long a visitor's input may stay unanswered (the reference's cron: one hour). */
export const UNANSWERED_TTL_MS = 60 * 60 * 1000;

/**
 * The reference's clean-up: inputs a visitor started (type `manually`) that never got an answer
 * (still `new`) an hour later are deleted; invitations (type `link`) keep theirs.
 */
@injectable()
export class SurveyCleanupJobs implements JobContribution {
  jobs(): ScheduledJob[] {
    return [{ name: 'survey.delete_unanswered_inputs', intervalSeconds: 600, run: async (env) => { await this.deleteUnanswered(env); } }];
  }

  async deleteUnanswered(env: Env, now = Date.now()): Promise<number> {
    return env.db('survey_user_input').where({ state: 'new', type: 'manually' }).where('create_date', '<', utcText(now - UNANSWERED_TTL_MS)).delete();
  }
}

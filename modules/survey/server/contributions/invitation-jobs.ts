import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { SurveyInvitations } from '../services/survey-invitations';

/** Sends invitations an invite call could not send at once: retries after temporary errors, rows a stopped process left. */
@injectable()
export class SurveyInvitationJobs implements JobContribution {
  constructor(@inject(SurveyInvitations) private readonly invitations: SurveyInvitations) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'survey.send_invitations', intervalSeconds: 30, run: async (_env, stopping) => { await this.invitations.drain(stopping); } }];
  }
}

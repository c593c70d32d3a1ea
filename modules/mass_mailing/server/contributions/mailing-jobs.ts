import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { MailingSender } from '../services/mailing-sender';

/** Sends queued mailings in the background, and retries temporarily failed recipients when due. */
@injectable()
export class MailingJobs implements JobContribution {
  constructor(@inject(MailingSender) private readonly sender: MailingSender) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'mass_mailing.send_queued', intervalSeconds: 10, run: (env, stopping) => this.sender.sendDue(env, stopping) }];
  }
}

import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { FormMailQueue } from '../services/form-mail-queue';

/** Sends the notification mails a submission could not send at once (temporary errors, a stopped process). */
@injectable()
export class WebsiteFormMailJobs implements JobContribution {
  constructor(@inject(FormMailQueue) private readonly mails: FormMailQueue) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'website_form.send_notifications', intervalSeconds: 30, run: async (_env, stopping) => { await this.mails.drain(stopping); } }];
  }
}

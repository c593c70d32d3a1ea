import { inject, injectable } from 'inversify';
import type { JobContribution, ScheduledJob } from '@platform/jobs';
import { RegistrationMails } from '../services/registration-mails';

/** Sends confirmation mails a registration could not send at once: retries after temporary errors, rows a stopped process left. */
@injectable()
export class RegistrationMailJobs implements JobContribution {
  constructor(@inject(RegistrationMails) private readonly mails: RegistrationMails) {}

  jobs(): ScheduledJob[] {
    return [{ name: 'event.send_registration_mails', intervalSeconds: 30, run: async (_env, stopping) => { await this.mails.drain(stopping); } }];
  }
}

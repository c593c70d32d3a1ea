import { inject, injectable } from 'inversify';
import type { LifecycleContribution } from '@platform/core';
import { RegistrationMails } from '../services/registration-mails';

/** Lets the confirmation mails being sent finish before the kernel closes the database. */
@injectable()
export class RegistrationMailLifecycle implements LifecycleContribution {
  constructor(@inject(RegistrationMails) private readonly mails: RegistrationMails) {}

  async onStop(): Promise<void> {
    await this.mails.stop();
  }
}

import { inject, injectable } from 'inversify';
import type { LifecycleContribution } from '@platform/core';
import { MailTransport } from '@platform/mail';

/** Closes the SMTP connection pool when the process stops. */
@injectable()
export class TransportLifecycle implements LifecycleContribution {
  constructor(@inject(MailTransport) private readonly transport: MailTransport) {}

  async onStop(): Promise<void> {
    await this.transport.close();
  }
}

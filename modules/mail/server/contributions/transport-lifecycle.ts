import { inject, injectable } from 'inversify';
import type { LifecycleContribution } from '@platform/core';
import { MailQueues, MailTransport } from '@platform/mail';

/**
 * When the kernel stops (after the modules that send mail, which depend on this one): every queued
 * sender finishes the messages it holds and claims no more, then the SMTP connection pool closes.
 */
@injectable()
export class TransportLifecycle implements LifecycleContribution {
  constructor(@inject(MailTransport) private readonly transport: MailTransport, @inject(MailQueues) private readonly queues: MailQueues) {}

  async onStop(): Promise<void> {
    await this.queues.stopAll();
    await this.transport.close();
  }
}

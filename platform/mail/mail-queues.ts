import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { DatabaseToken, LoggerToken } from '@platform/core';
import { type MailQueueSettings, MailQueueSettingsToken } from './mail-settings';
import { MailTransport } from './mail-transport';
import { QueuedMailSender, type QueuedMailSenderOptions } from './queued-mail-sender';

/** What a module gives for its queue: its table, its name in the logs, and how to compose a row's message. */
export type MailQueueOptions = Pick<QueuedMailSenderOptions, 'table' | 'label' | 'compose'>;

/**
 * The kernel's queued mail senders (order confirmations, registrations, invitations, shares, digests):
 * made here with the kernel's database, transport and settings, and stopped together when the kernel
 * stops (`stopAll`, before the transport closes), so that no module can forget to let its running drain
 * finish before the database closes. One per kernel (the mail module binds it in singleton scope).
 */
@injectable()
export class MailQueues {
  private readonly senders: QueuedMailSender[] = [];

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(MailTransport) private readonly transport: MailTransport,
    @inject(MailQueueSettingsToken) private readonly settings: MailQueueSettings,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  /** A sender for a module's queue table. */
  sender(options: MailQueueOptions): QueuedMailSender {
    const sender = new QueuedMailSender({ db: this.db, transport: this.transport, settings: this.settings, logger: this.logger, ...options });
    this.senders.push(sender);
    return sender;
  }

  /** Every sender claims no more rows and finishes the messages it holds. */
  async stopAll(): Promise<void> {
    await Promise.all(this.senders.map((s) => s.stop()));
  }
}

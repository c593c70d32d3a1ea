import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { BusService } from '@modules/bus';
import { LoggerToken } from '@platform/core';
import type { MailingStatistics } from './mailing-statistics';

/** The bus channel of a mailing's progress; only newsletter users may listen (MailingBusChannels). */
export function mailingChannel(mailingId: number): string {
  return `mass_mailing.mailing:${mailingId}`;
}

/** What the back office receives while a mailing goes out. */
export interface MailingProgressMessage {
  type: 'mass_mailing.progress';
  mailing_id: number;
  statistics: MailingStatistics;
}

/** At most this often per mailing (and always the last): a bar needs no more, the bus table no more rows. */
const MIN_INTERVAL_MS = 250;
/** While a mailing is being sent, its counters are published this often. */
const FOLLOW_INTERVAL_MS = 500;

/**
 * Publishes a mailing's counters on its channel while it is sent, by whoever sends it (the send call,
 * the scheduled job, the CLI, another process): the screen follows the mailing, not the process.
 */
@injectable()
export class MailingProgress {
  private readonly last = new Map<number, number>();

  constructor(
    @inject(BusService) private readonly bus: BusService,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  /**
   * Publishes `read()` every FOLLOW_INTERVAL_MS until the returned function is called: the queue's own
   * batches are too coarse (a few per thousand recipients) for a bar that moves.
   */
  follow(mailingId: number, read: () => Promise<MailingStatistics>): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      read().then((stats) => this.publish(mailingId, stats), (err) => this.logger.warn({ err, mailing: mailingId }, 'mailing progress not read'))
        .finally(() => (running = false));
    }, FOLLOW_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Whether a (non-final) update would be published now. */
  due(mailingId: number): boolean {
    return Date.now() - (this.last.get(mailingId) ?? 0) >= MIN_INTERVAL_MS;
  }

  /** `final` always publishes (the 100%, the state reached); other updates are thinned out. */
  async publish(mailingId: number, statistics: MailingStatistics, final = false): Promise<void> {
    if (!final && !this.due(mailingId)) return;
    if (final) this.last.delete(mailingId);
    else this.last.set(mailingId, Date.now());
    const message: MailingProgressMessage = { type: 'mass_mailing.progress', mailing_id: mailingId, statistics };
    // Progress is a courtesy: a bus failure must never stop or fail the sending itself.
    await this.bus.send(mailingChannel(mailingId), message).catch((err) => this.logger.warn({ err, mailing: mailingId }, 'mailing progress not published'));
  }
}

import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { CoalescedRuns, LoggerToken } from '@platform/core';
import { utcText } from '@platform/orm';
import { BusDispatcher } from './bus-dispatcher';
import { AFTER_LIMIT, BusService } from './bus-service';

/**
 * How often the table is read while this process has listeners: the delay for a notification sent by
 * another process. An empty read (`id > last` on the primary key) costs microseconds.
 */
const POLL_MS = 100;
/**
 * Resuming after a spell without listeners: rows stored this long before the spell ended (clock
 * granularity, and a sender waiting up to busy_timeout for the write lock) are still delivered.
 */
const RESUME_MARGIN_MS = 10_000;

/**
 * SQLite has no LISTEN/NOTIFY: each process learns of notifications by reading bus_bus after the
 * highest id it has seen, every POLL_MS while it has listeners and right after its own sends. One
 * writer at a time means ids become visible in id order, so reading by id skips none; every
 * notification is delivered once per process, in id order, whichever process sent it.
 *
 * Without listeners nothing is read. Those who subscribe afterwards read their backlog from the
 * table themselves, so on resuming the rows stored well before the spell began are skipped: they were
 * committed before every current listener read the table. The rest is delivered as usual.
 */
@injectable()
export class SqliteBusWatcher {
  private lastSeen = 0;
  /** When a read last found this process without listeners; undefined while it has some. */
  private idleSince?: number;
  private timer?: NodeJS.Timeout;
  private running = false;
  private readonly reads = new CoalescedRuns(async () => {
    try {
      await this.deliverNew();
    } catch (err) {
      this.logger.error({ err }, 'bus: reading new notifications failed');
    }
  });

  constructor(
    @inject(BusService) private readonly bus: BusService,
    @inject(BusDispatcher) private readonly dispatcher: BusDispatcher,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.bus.usesNotify || this.running) return;
    this.running = true;
    this.lastSeen = await this.bus.lastId();
    this.idleSince = Date.now();
    this.bus.onStored(() => this.read());
    this.schedule();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    this.bus.onStored(undefined);
    await this.reads.settled();
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.read().finally(() => this.running && this.schedule()), POLL_MS);
    this.timer.unref();
  }

  /** Delivers what was stored since the last read. Reads never overlap; at most one waits behind. */
  read(): Promise<void> {
    return this.reads.run();
  }

  private async deliverNew(): Promise<void> {
    if (this.dispatcher.subscriberCount === 0) {
      this.idleSince ??= Date.now();
      return;
    }
    if (this.idleSince !== undefined) {
      const before = await this.bus.lastId(utcText(this.idleSince - RESUME_MARGIN_MS));
      this.lastSeen = Math.max(this.lastSeen, before);
      this.idleSince = undefined;
    }
    for (;;) {
      const batch = await this.bus.fetchAfter(this.lastSeen);
      if (batch.length === 0) return;
      this.lastSeen = batch[batch.length - 1].id;
      this.dispatcher.deliver(batch);
      if (batch.length < AFTER_LIMIT) return;
    }
  }
}

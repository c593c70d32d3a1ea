import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import pg from 'pg';
import { type Config, ConfigToken, LoggerToken } from '@platform/core';
import type { Notification } from './bus-options';
import { BusDispatcher } from './bus-dispatcher';
import { BusService, NOTIFY_CHANNEL } from './bus-service';

const RETRY_MS = [500, 1000, 2000, 5000];

/**
 * LISTENs on PostgreSQL so a notification sent through any process reaches the clients connected to
 * this one. Payloads are handled one after the other (a payload of ids needs a read), so clients see
 * them in commit order. After a lost connection it reads what it missed from the table.
 */
@injectable()
export class PgBusListener {
  private client?: pg.Client;
  private stopped = true;
  private lastSeen = 0;
  private queue: Promise<void> = Promise.resolve();
  private retry = 0;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    @inject(ConfigToken) private readonly config: Config,
    @inject(BusService) private readonly bus: BusService,
    @inject(BusDispatcher) private readonly dispatcher: BusDispatcher,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    if (!this.bus.usesNotify || !this.stopped) return;
    this.stopped = false;
    this.lastSeen = await this.bus.lastId();
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.queue;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (msg) => {
      if (msg.channel === NOTIFY_CHANNEL) this.enqueue(() => this.handle(msg.payload ?? ''));
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      this.lost(client, err as Error);
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retry = 0;
    // Anything committed while we were not listening (first start excepted: lastSeen was read just now).
    this.enqueue(async () => this.deliver(await this.bus.fetchAfter(this.lastSeen)));
  }

  private lost(client: pg.Client, err?: Error): void {
    if (this.client && this.client !== client) return;
    this.client = undefined;
    if (this.stopped) return;
    if (err) this.logger.warn({ err }, 'bus listener connection lost; reconnecting');
    client.removeAllListeners();
    client.end().catch(() => undefined);
    const delay = RETRY_MS[Math.min(this.retry++, RETRY_MS.length - 1)];
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private enqueue(task: () => Promise<void> | void): void {
    this.queue = this.queue.then(task).catch((err) => this.logger.error({ err }, 'bus listener failed to deliver'));
  }

  private async handle(payload: string): Promise<void> {
    const parsed = JSON.parse(payload) as Notification[] | { ids: number[] };
    this.deliver(Array.isArray(parsed) ? parsed : await this.bus.fetchIds(parsed.ids));
  }

  private deliver(notifications: Notification[]): void {
    if (notifications.length === 0) return;
    for (const n of notifications) if (n.id > this.lastSeen) this.lastSeen = n.id;
    this.dispatcher.deliver(notifications);
  }
}

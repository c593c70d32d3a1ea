import { AsyncResource } from 'node:async_hooks';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { CoalescedRuns } from '@platform/core';
import { LeasedQueue, type QueueRow } from './leased-queue';
import type { MailQueueSettings } from './mail-settings';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { drainQueue } from './queue-worker';

/**
 * Kicks scheduled from a request run in this scope, made at load, outside any request: the drain a
 * request starts is not that request's work (its transaction, its logs, its query counts).
 */
const DETACHED = new AsyncResource('QueuedMailSender');

export interface QueuedMailSenderOptions {
  db: Knex;
  transport: MailTransport;
  settings: MailQueueSettings;
  logger: Logger;
  /** The module's queue table (created with `addQueueColumns`). */
  table: string;
  /** Names the sender in the log line of a failed drain, e.g. 'sale: order mails'. */
  label: string;
  /** The message of one row, or null when there is nothing to send any more (the row is closed). */
  compose(row: QueueRow): OutgoingMail | null | Promise<OutgoingMail | null>;
}

/**
 * What every module that sends its own mails needs around its queue table: rows claimed with a lease
 * and sent by the platform's queue worker (a crash neither loses nor doubles a mail; 4xx replies are
 * retried), drains that never overlap (a kick during a drain joins the next one), a kick that runs after
 * the caller's transaction committed, and a stop that lets the running drain finish before the
 * database closes. The module writes its rows (in its own transaction) and composes each message.
 */
export class QueuedMailSender {
  readonly queue: LeasedQueue;
  private stopping = false;
  private readonly runs: CoalescedRuns;
  /** Aborted by `stop`: the running drain claims no more rows (those it holds are sent and recorded). */
  private readonly stopped = new AbortController();

  constructor(private readonly options: QueuedMailSenderOptions) {
    this.queue = new LeasedQueue(options.db, options.table, options.settings);
    this.runs = new CoalescedRuns(() => this.drain(this.stopped.signal).then(() => undefined, (err) => options.logger.error({ err }, `${options.label} failed`)));
  }

  /** Sends what is due now; resolves when that drain is over (never rejects: failures are logged). */
  kick(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return this.runs.run();
  }

  /** Kicks once the current turn is over: called inside a transaction, the drain must see its rows committed. */
  kickSoon(): void {
    DETACHED.runInAsyncScope(() => setImmediate(() => void this.kick()));
  }

  /**
   * The kernel stops: no new drain, and the one running claims no more rows and finishes the messages it
   * holds before the database closes (rows it never claimed wait for the next start, or another process).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopped.abort();
    await this.runs.settled();
  }

  /** Sends every due row (`signal`: claim no more); how many were sent. */
  async drain(signal?: AbortSignal): Promise<number> {
    const report = await drainQueue({ queue: this.queue, scope: {}, transport: this.options.transport, compose: (row) => this.options.compose(row), signal });
    return report.sent;
  }
}

import type { LeasedQueue, QueueRow } from './leased-queue';
import { deliveryError, type MailTransport, type OutgoingMail, type SentMail } from './mail-transport';

export interface DrainOptions {
  queue: LeasedQueue;
  /** Which rows of the queue's table to work on (e.g. `{ mailing_id: 7 }`). */
  scope: Record<string, unknown>;
  transport: MailTransport;
  /** Builds the personalised message of one row. */
  compose(rows: QueueRow): OutgoingMail;
  /** Extra columns to store with a sent row (e.g. the Message-ID). */
  onSent?(row: QueueRow, sent: SentMail): Record<string, unknown>;
  /** Called after each batch, for progress display. */
  onBatch?(): Promise<void> | void;
  /** Keep waiting for rows scheduled for a later retry (the CLI does; the scheduled job does not). */
  waitForRetries?: boolean;
  /** Stop asking for new rows (rows in flight are finished and recorded). */
  signal?: AbortSignal;
}

export interface DrainReport {
  sent: number;
  bounced: number;
  retried: number;
  failed: number;
}

/**
 * Works through the due rows of a queue: claims a batch, sends its messages with bounded concurrency,
 * records each outcome as soon as the server answers, and claims the next batch, until nothing is due.
 * The lease of the batch is renewed while it is in flight, so a slow server does not let another worker
 * take the same rows.
 */
export async function drainQueue(o: DrainOptions): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, bounced: 0, retried: 0, failed: 0 };
  const { settings } = o.queue;
  for (;;) {
    if (o.signal?.aborted) return report;
    const rows = await o.queue.claim(o.scope, settings.batchSize);
    if (!rows.length) {
      const due = o.waitForRetries ? await o.queue.nextDue(o.scope) : null;
      if (due === null) return report;
      await sleep(Math.min(Math.max(due - Date.now(), 50), 5000), o.signal);
      continue;
    }
    const renewal = setInterval(() => void o.queue.renew(rows).catch(() => undefined), (settings.leaseSeconds * 1000) / 3);
    try {
      await forEachConcurrently(rows, settings.concurrency, async (row) => {
        try {
          const sent = await o.transport.send(o.compose(row));
          if (await o.queue.markSent(row, o.onSent?.(row, sent) ?? {})) report.sent++;
        } catch (err) {
          const outcome = await o.queue.markFailed(row, deliveryError(err));
          report[outcome === 'retry' ? 'retried' : outcome]++;
        }
      });
    } finally {
      clearInterval(renewal);
    }
    await o.onBatch?.();
  }
}

async function forEachConcurrently<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

import type { LeasedQueue, QueueRow } from './leased-queue';
import { deliveryError, type MailTransport, type OutgoingMail } from './mail-transport';

export interface DrainOptions {
  queue: LeasedQueue;
  /** Which rows of the queue's table to work on (e.g. `{ mailing_id: 7 }`). */
  scope: Record<string, unknown>;
  transport: MailTransport;
  /**
   * Builds the personalised message of one row (it may read the database); null when there is nothing
   * to send any more (e.g. the record it was about is gone): the row is closed as sent without a
   * message and is not counted in `sent`.
   */
  compose(row: QueueRow): OutgoingMail | null | Promise<OutgoingMail | null>;
  /** Called after each claimed batch is finished, for progress display. */
  onBatch?(): Promise<void> | void;
  /** Keep waiting for rows scheduled for a later retry (the CLI does; the scheduled job does not). */
  waitForRetries?: boolean;
  /** Stop claiming new rows (rows already claimed are sent and recorded). */
  signal?: AbortSignal;
}

export interface DrainReport {
  sent: number;
  bounced: number;
  retried: number;
  failed: number;
}

/**
 * Works through the due rows of a queue until nothing is due, with `concurrency` slots. Rows are claimed
 * in batches into a buffer that is refilled while it is still half full, so slots never wait for the
 * database. A slot carries one message at a time: it hands it to the transport, has the outcome written
 * as soon as the server answered (SentRecorder), and only then takes the next row. So at any moment at
 * most one message per slot has been accepted by the server and not yet recorded as sent: a crash of
 * this process (SIGKILL, OOM killer) resends at most `concurrency` messages once their leases expire,
 * in practice the one or two whose record was being written, each with its stable Message-ID. (SMTP
 * cannot do better: the crash may fall between the server's "250 OK" and our write.) Leases of claimed
 * rows are renewed until they are recorded.
 */
export async function drainQueue(o: DrainOptions): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, bounced: 0, retried: 0, failed: 0 };
  const { settings } = o.queue;
  const inFlight = new Set<QueueRow>();
  const renewal = setInterval(() => void o.queue.renew([...inFlight]).catch(() => undefined), (settings.leaseSeconds * 1000) / 3);
  const recorder = new SentRecorder(o.queue, (n) => (report.sent += n));
  const buffer: QueueRow[] = [];
  const progress = backgroundProgress(o.onBatch?.bind(o));
  let exhausted = false;
  let refill: Promise<void> | undefined;
  /** A write of an outcome failed: no new row is sent (each would be sent again after a crash), and the drain fails. */
  let broken: unknown;

  const claimBatch = async (): Promise<void> => {
    let claimed = 0;
    try {
      const rows = await o.queue.claim(o.scope, settings.batchSize);
      if (!rows.length) exhausted = true;
      for (const row of rows) {
        inFlight.add(row);
        buffer.push(row);
      }
      claimed = rows.length;
    } finally {
      refill = undefined;
    }
    // Only once the next claim may start: progress (the CLI's statistics) must not hold up the slots.
    if (claimed) progress.request();
  };
  const fill = (): Promise<void> => (refill ??= claimBatch());

  /** The next row from the buffer (waiting for a refill when it is empty); none once the queue is drained. */
  const take = async (): Promise<QueueRow | undefined> => {
    for (;;) {
      const stopping = exhausted || !!o.signal?.aborted || broken !== undefined;
      if (!stopping && buffer.length <= settings.batchSize / 2) void fill().catch(() => undefined);
      if (buffer.length && broken === undefined) return buffer.shift();
      if (stopping) return undefined;
      await fill();
    }
  };

  const deliver = async (row: QueueRow): Promise<void> => {
    // A message that cannot be composed fails like a refused one.
    const sending = (async () => {
      const mail = await o.compose(row);
      return mail ? o.transport.send(mail).then(() => true) : false;
    })();
    try {
      let sent: boolean;
      try {
        sent = await sending;
      } catch (err) {
        const outcome = await o.queue.markFailed(row, deliveryError(err));
        report[outcome === 'retry' ? 'retried' : outcome]++;
        return;
      }
      if (sent) await recorder.record(row);
      else await o.queue.markSent([row]); // nothing to tell: closed, not counted
    } catch (err) {
      // The outcome could not be written: the row stays leased and is sent again once its lease expires.
      broken ??= err;
    } finally {
      inFlight.delete(row);
    }
  };

  const slot = async (): Promise<void> => {
    for (let row = await take(); row; row = await take()) await deliver(row);
  };

  try {
    for (;;) {
      await fill();
      await Promise.all(Array.from({ length: settings.concurrency }, slot));
      if (broken !== undefined) throw broken;
      if (!o.waitForRetries || o.signal?.aborted) break;
      const due = await o.queue.nextDue(o.scope);
      if (due === null) break;
      await sleep(Math.min(Math.max(due - Date.now(), 50), 5000), o.signal);
      exhausted = false;
    }
  } finally {
    clearInterval(renewal);
    await progress.settled(); // nothing of this drain runs after it returns
  }
  await o.onBatch?.();
  return report;
}

/**
 * Runs `onBatch` beside the sending, one call at a time: a request made while a call is waiting to run
 * is folded into it, so a slow display neither piles up calls nor delays anything. Errors of these calls
 * are dropped, as progress is only shown: the final, awaited call at the end of drainQueue reports
 * a lasting failure to the caller.
 */
function backgroundProgress(onBatch: DrainOptions['onBatch']) {
  let chain: Promise<void> = Promise.resolve();
  let waiting = false;
  return {
    request(): void {
      if (!onBatch || waiting) return;
      waiting = true;
      chain = chain.then(() => {
        waiting = false;
        return onBatch();
      }).catch(() => undefined);
    },
    /** Resolves (never rejects) once the requested calls are done. */
    settled: (): Promise<void> => chain,
  };
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

/**
 * Writes "sent" for accepted rows without waiting: a row's UPDATE starts at the end of the event-loop
 * turn in which the server's answer was read, together with the answers read in that same turn; rows
 * accepted while a write runs go in the next one, started the moment it ends. No timer: waiting would
 * only widen the window in which a crash turns a delivered message into a duplicate (the previous
 * 25 ms group commit left about a dozen per crash at full speed). Sharing a statement between the
 * answers of one turn keeps the cost of a commit per message down (SQLite writes its pages per commit).
 */
class SentRecorder {
  private pending: Array<{ row: QueueRow; done: () => void; failed: (err: unknown) => void }> = [];
  private writing = false;

  constructor(private readonly queue: LeasedQueue, private readonly counted: (n: number) => void) {}

  /** Resolves once this row is recorded as sent (or was no longer this worker's to record). */
  record(row: QueueRow): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.pending.push({ row, done, failed });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length) {
      const entries = this.pending;
      this.pending = [];
      try {
        this.counted(await this.queue.markSent(entries.map((e) => e.row)));
        for (const e of entries) e.done();
      } catch (err) {
        for (const e of entries) e.failed(err);
      }
    }
    this.writing = false;
  }
}

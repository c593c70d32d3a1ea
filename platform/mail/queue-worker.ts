import type { LeasedQueue, QueueRow } from './leased-queue';
import { deliveryError, type MailTransport, type OutgoingMail } from './mail-transport';

/** Chunks in flight at once; see `lane` in drainQueue. */
const LANES = 4;

export interface DrainOptions {
  queue: LeasedQueue;
  /** Which rows of the queue's table to work on (e.g. `{ mailing_id: 7 }`). */
  scope: Record<string, unknown>;
  transport: MailTransport;
  /** Builds the personalised message of one row. */
  compose(row: QueueRow): OutgoingMail;
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
 * Works through the due rows of a queue until nothing is due. Rows are claimed in batches into a buffer
 * that is refilled while it is still half full, so the sending lanes never wait for the database; each
 * lane takes a chunk of rows, hands them all to the transport, and passes each accepted row to the
 * recorder (group commit, see SentRecorder) as soon as the server accepted it, so the window between
 * "accepted by the server" and "recorded as sent" stays a few tens of milliseconds long. Leases of
 * claimed rows are renewed until they are recorded or failed.
 */
export async function drainQueue(o: DrainOptions): Promise<DrainReport> {
  const report: DrainReport = { sent: 0, bounced: 0, retried: 0, failed: 0 };
  const { settings } = o.queue;
  const inFlight = new Set<QueueRow>();
  const renewal = setInterval(() => void o.queue.renew([...inFlight]).catch(() => undefined), (settings.leaseSeconds * 1000) / 3);
  const recorder = new SentRecorder(o.queue, (n) => (report.sent += n));
  const recordings = new Set<Promise<void>>();
  const buffer: QueueRow[] = [];
  const progress = backgroundProgress(o.onBatch?.bind(o));
  let exhausted = false;
  let refill: Promise<void> | undefined;

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
    // Only once the next claim may start: progress (the CLI's statistics) must not hold up the lanes.
    if (claimed) progress.request();
  };
  const fill = (): Promise<void> => (refill ??= claimBatch());

  /** Up to `size` rows from the buffer (waiting for a refill when it is empty); none once the queue is drained. */
  const take = async (size: number): Promise<QueueRow[]> => {
    for (;;) {
      const stopping = exhausted || !!o.signal?.aborted;
      if (!stopping && buffer.length <= settings.batchSize / 2) void fill().catch(() => undefined);
      if (buffer.length) return buffer.splice(0, size);
      if (stopping) return [];
      await fill();
    }
  };

  const sendOne = async (row: QueueRow, sending: Promise<unknown>): Promise<void> => {
    try {
      await sending;
    } catch (err) {
      const outcome = await o.queue.markFailed(row, deliveryError(err));
      report[outcome === 'retry' ? 'retried' : outcome]++;
      inFlight.delete(row);
      return;
    }
    // A failed write leaves the row leased: it is sent again once the lease expires.
    const recording = recorder.add(row).catch(() => undefined).finally(() => {
      inFlight.delete(row);
      recordings.delete(recording);
    });
    recordings.add(recording);
  };

  // Each lane hands the transport a whole chunk at once, then waits for that chunk: composing and
  // submitting messages in a burst costs the SMTP pool markedly less CPU per message than feeding it
  // one message per completion (measured in bench/mailing.ts), and with several lanes the pool's own
  // queue never runs dry while one lane waits for its last message.
  const chunk = Math.max(1, Math.ceil(settings.concurrency / LANES));
  const lane = async (): Promise<void> => {
    for (let rows = await take(chunk); rows.length; rows = await take(chunk)) {
      const sends = rows.map((row) => {
        try {
          return o.transport.send(o.compose(row));
        } catch (err) {
          return Promise.reject(err); // a message that cannot be composed fails like a refused one
        }
      });
      await Promise.all(rows.map((row, i) => sendOne(row, sends[i])));
    }
  };

  try {
    for (;;) {
      await fill();
      await Promise.all(Array.from({ length: Math.min(LANES, settings.concurrency) }, lane));
      await Promise.all([...recordings]);
      if (!o.waitForRetries || o.signal?.aborted) break;
      const due = await o.queue.nextDue(o.scope);
      if (due === null) break;
      await sleep(Math.min(Math.max(due - Date.now(), 50), 5000), o.signal);
      exhausted = false;
    }
  } finally {
    clearInterval(renewal);
    await Promise.all([...recordings]);
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

/**
 * Group commit of accepted rows: one UPDATE at a time, carrying every row accepted meanwhile, started at
 * most FLUSH_MS after the first of them (about one write per 40 messages in the benchmark instead of one
 * per message). A row not yet recorded keeps its lease, so no other worker takes it meanwhile. The
 * window between the server's "250 OK" and the write is the one SMTP cannot close: a crash inside it
 * resends those few messages after the lease expires, with the same Message-ID, so receivers can drop
 * the copy. A crash anywhere else loses nothing and resends nothing.
 */
const FLUSH_MS = 25;
const FLUSH_ROWS = 200;

class SentRecorder {
  private pending: Array<{ row: QueueRow; done: () => void; failed: (err: unknown) => void }> = [];
  private timer?: NodeJS.Timeout;
  private writing = false;
  constructor(private readonly queue: LeasedQueue, private readonly counted: (n: number) => void) {}

  /** Resolves once this row is recorded. */
  add(row: QueueRow): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.pending.push({ row, done, failed });
      if (this.pending.length >= FLUSH_ROWS) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    });
  }

  private async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || !this.pending.length) return;
    this.writing = true;
    const entries = this.pending;
    this.pending = [];
    try {
      this.counted(await this.queue.markSent(entries.map((e) => e.row)));
      for (const e of entries) e.done();
    } catch (err) {
      for (const e of entries) e.failed(err);
    } finally {
      this.writing = false;
      if (this.pending.length) this.timer ??= setTimeout(() => void this.flush(), this.pending.length >= FLUSH_ROWS ? 0 : FLUSH_MS);
    }
  }
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

import { CoalescedRuns } from './coalesced-runs';

export interface BatchedWriterOptions<T> {
  /** Names the queue in the log ("link_tracker clicks"). */
  name: string;
  /** Writes one batch; a rejection keeps the batch for the next attempt. */
  write: (batch: T[]) => Promise<void>;
  /** Where a failed write is reported (pino's `error(obj, msg)`). */
  logger: { error(obj: object, msg: string): void };
  /** An item is written at most this long after it was queued (plus the write before it). */
  delayMs: number;
  /** A queue this long is written at once. */
  flushAt?: number;
  /** After a failed write, the next attempt (without waiting for another item). */
  retryDelayMs?: number;
  /**
   * A failed batch is kept while fewer items than this wait, so that a database failing for long does
   * not exhaust the memory; beyond it the batch is handed to `dropped` (or lost).
   */
  maxPending?: number;
  /** A failed batch that could not be kept. */
  dropped?: (batch: T[]) => void;
}

/**
 * A queue written in batches: items are added synchronously (in a request, at no cost to its answer)
 * and written by a timer within `delayMs`, at once when `flushAt` wait, and on stop. Writes never
 * overlap (CoalescedRuns: while one writes, one more waits and takes everything queued until it
 * starts). A failed write is logged and its batch retried, ahead of newer items.
 *
 * `write` is called synchronously once the batch is taken from the queue: what it does before its first
 * `await` sees exactly the items of its batch and no other (the click journal rotates its file there).
 */
export class BatchedWriter<T> {
  private pending: T[] = [];
  /** Set while items wait for their write; none when nothing is queued (no idle wake-ups). */
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** Tests lengthen it to keep items in memory until the stop. */
  delayMs: number;
  private readonly runs = new CoalescedRuns(() => this.writePending());

  constructor(private readonly opts: BatchedWriterOptions<T>) {
    this.delayMs = opts.delayMs;
  }

  add(item: T): void {
    this.pending.push(item);
    if (this.pending.length >= (this.opts.flushAt ?? Infinity)) void this.flush();
    else if (!this.timer) this.flushIn(this.delayMs);
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Writes everything queued; resolves when it is written (or has failed and is kept). */
  flush(): Promise<void> {
    return this.runs.run();
  }

  /** Allows timers again after a stop (a kernel's lifecycle may start again). */
  start(): void {
    this.stopped = false;
  }

  /** No more timers; writes what is queued. A failed last write stays in memory, lost with the process (unless the caller journals it). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private flushIn(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(this.due, ms);
    this.timer.unref();
  }

  private readonly due = (): void => {
    this.timer = undefined;
    void this.flush();
  };

  private async writePending(): Promise<void> {
    // This write takes everything queued: a timer set for it has nothing left to do.
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.opts.write(batch);
    } catch (err) {
      const kept = this.pending.length < (this.opts.maxPending ?? 100_000);
      this.opts.logger.error(
        { err, items: batch.length },
        `${this.opts.name}: writing a batch failed; ${kept ? 'it is kept for the next attempt' : 'too many are waiting: it is dropped'}`,
      );
      if (kept) this.pending = batch.concat(this.pending);
      else this.opts.dropped?.(batch);
      if (!this.timer) this.flushIn(this.opts.retryDelayMs ?? 1000);
    }
  }
}

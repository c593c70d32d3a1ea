import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { CoalescedRuns, DatabaseToken, type LifecycleContribution, LoggerToken } from '@platform/core';

/**
 * Views are written at most this long after the hit. Each write empties the public page cache (the
 * count is on the page), so a busy question is rendered about once per second, not per visit.
 */
const FLUSH_DELAY_MS = 1000;
/** Distinct questions buffered before a write at once. */
const FLUSH_AT = 5000;
const RETRY_DELAY_MS = 2000;

/**
 * Counts question views (every page shown, as the reference) in memory and adds them to `forum_post.views`
 * in one short transaction per second (and on stop), so question pages can come from the public page
 * cache while every visit still counts. A killed process loses the views of its last second.
 */
@injectable()
export class ViewCounter implements LifecycleContribution {
  private pending = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly flushes = new CoalescedRuns(() => this.writePending());

  constructor(@inject(DatabaseToken) private readonly db: Knex, @inject(LoggerToken) private readonly logger: Logger) {}

  onStart(): void {
    this.stopped = false;
  }

  async onStop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  count(postId: number): void {
    this.add(postId, 1);
  }

  /**
   * Takes back a view counted for a request that did not show the question (a 404 for a pending one,
   * a redirect): nets out in the buffer, so a burst of such requests writes nothing at all.
   */
  uncount(postId: number): void {
    this.add(postId, -1);
  }

  private add(postId: number, n: number): void {
    const total = (this.pending.get(postId) ?? 0) + n;
    if (total === 0) this.pending.delete(postId);
    else this.pending.set(postId, total);
    if (this.pending.size >= FLUSH_AT) void this.flush();
    else if (this.pending.size > 0 && !this.timer) this.flushIn(FLUSH_DELAY_MS);
  }

  /** Views of a post counted here and not written yet (shown on the page with the stored ones). */
  unwritten(postId: number): number {
    return Math.max(0, this.pending.get(postId) ?? 0);
  }

  /** Writes what is buffered; flushes never overlap (one runs, at most one more waits). */
  flush(): Promise<void> {
    return this.flushes.run();
  }

  private flushIn(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.db.transaction(async (trx) => {
        for (const [id, n] of batch) await trx('forum_post').where({ id }).increment('views', n);
      });
    } catch (err) {
      this.logger.error({ err, posts: batch.size }, 'forum: writing question views failed; they are kept for the next write');
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      if (!this.timer) this.flushIn(RETRY_DELAY_MS);
    }
  }
}

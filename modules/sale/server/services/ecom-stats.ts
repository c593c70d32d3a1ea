import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { utcText } from '@platform/common';
import { CoalescedRuns, DatabaseToken, type LifecycleContribution, LoggerToken } from '@platform/core';
import type { RequestContext } from '@platform/http';
import type { Env } from '@platform/orm';

/** The shop's page events (the spec's `/stats/ecom/*`), kept on our server: no third-party tracker. */
export const ECOM_EVENTS = [
  'product_view', 'product_add_to_cart', 'customer_checkout', 'customer_signin', 'customer_signup', 'order_checkout', 'order_payment', 'order_confirmed',
] as const;
export type EcomEvent = (typeof ECOM_EVENTS)[number];
/** The funnel's steps, in order. */
export const FUNNEL: EcomEvent[] = ['product_view', 'product_add_to_cart', 'customer_checkout', 'order_checkout', 'order_payment', 'order_confirmed'];

export interface EcomReport {
  days: string[];
  /** Per event, its count per day (in `days` order). */
  series: Array<{ event: EcomEvent; counts: number[] }>;
  funnel: Array<{ event: EcomEvent; count: number }>;
}

interface PendingEvent {
  website_id: number | null;
  event: EcomEvent;
  res_id: number | null;
  label: string | null;
  day: string;
}

/**
 * An event is written at most this long after the page that recorded it was answered: what a killed
 * process (SIGKILL, crash) can lose. A clean stop writes every queued one.
 */
const FLUSH_DELAY_MS = 100;
/** Rows a single insert writes at most. */
const INSERT_SLICE = 400;
/** A queue this long is written at once. */
const FLUSH_AT = INSERT_SLICE;
/** After a failed write, the next attempt. */
const RETRY_DELAY_MS = 1000;

/**
 * Records one event a row (site, event, record, label, day) and reports them per day and as a funnel.
 * Nothing about the visitor is kept: no address, no cookie, no session id.
 *
 * Events are counters, not part of what the visitor is answered: they are queued and written in
 * batches (one statement) within 100 ms of the request, like link clicks, rather than one insert in
 * each shop request. The report writes the queue first, so it counts everything recorded before it.
 */
@injectable()
export class EcomStats implements LifecycleContribution {
  private pending: PendingEvent[] = [];
  private timer?: NodeJS.Timeout;
  private stopped = false;
  /** Tests lengthen it to keep events in memory until the stop. */
  flushDelayMs = FLUSH_DELAY_MS;
  private readonly flushes = new CoalescedRuns(() => this.writePending());

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  onStart(): void {
    this.stopped = false;
  }

  async onStop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  record(req: Pick<RequestContext, 'site'>, event: EcomEvent, resId: number | null = null, label = ''): void {
    this.recordFor(req.site.id, event, resId, label);
  }

  recordFor(siteId: number | null, event: EcomEvent, resId: number | null = null, label = ''): void {
    this.pending.push({ website_id: siteId, event, res_id: resId, label: label.slice(0, 64) || null, day: utcText().slice(0, 10) });
    if (this.pending.length >= FLUSH_AT) void this.flush();
    else if (!this.timer) this.flushIn(this.flushDelayMs);
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Writes every queued event (flushes never overlap; see CoalescedRuns). */
  flush(): Promise<void> {
    return this.flushes.run();
  }

  private flushIn(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(this.flushDue, ms);
    this.timer.unref();
  }

  private readonly flushDue = (): void => {
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
      // One statement for a usual batch; a long one in slices (SQLite's compound SELECT holds 500 rows) in one transaction.
      if (batch.length <= INSERT_SLICE) await this.db('sale_ecom_event').insert(batch);
      else {
        await this.db.transaction(async (trx) => {
          for (let i = 0; i < batch.length; i += INSERT_SLICE) await trx('sale_ecom_event').insert(batch.slice(i, i + INSERT_SLICE));
        });
      }
    } catch (err) {
      this.logger.error({ err, events: batch.length }, 'sale: writing shop events failed; they are kept for the next flush');
      if (this.pending.length < 100_000) this.pending = batch.concat(this.pending);
      if (!this.timer) this.flushIn(RETRY_DELAY_MS);
    }
  }

  /** The last `days` days (today included) of a site. */
  async report(env: Env, siteId: number | null, days = 30): Promise<EcomReport> {
    await this.flush();
    const today = new Date();
    const list = Array.from({ length: days }, (_, i) => new Date(today.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
    const q = env.sudo().db('sale_ecom_event').where('day', '>=', list[0]).groupBy('day', 'event').select('day', 'event').count({ n: '*' });
    if (siteId) q.where({ website_id: siteId });
    const rows = (await q) as Array<{ day: string; event: string; n: number | string }>;
    const count = new Map(rows.map((r) => [`${String(r.event)}|${String(r.day)}`, Number(r.n)]));
    const series = ECOM_EVENTS.map((event) => ({ event, counts: list.map((d) => count.get(`${event}|${d}`) ?? 0) }));
    return {
      days: list, series,
      funnel: FUNNEL.map((event) => ({ event, count: series.find((s) => s.event === event)!.counts.reduce((a, b) => a + b, 0) })),
    };
  }
}

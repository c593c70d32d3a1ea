import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { utcText } from '@platform/common';
import { BatchedWriter, DatabaseToken, type LifecycleContribution, LoggerToken } from '@platform/core';
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
  private readonly queue: BatchedWriter<PendingEvent>;

  constructor(
    @inject(DatabaseToken) private readonly db: Knex,
    @inject(LoggerToken) logger: Logger,
  ) {
    this.queue = new BatchedWriter({
      name: 'sale: shop events', logger, write: (batch) => this.write(batch),
      delayMs: FLUSH_DELAY_MS, flushAt: FLUSH_AT, retryDelayMs: RETRY_DELAY_MS,
    });
  }

  onStart(): void {
    this.queue.start();
  }

  onStop(): Promise<void> {
    return this.queue.stop();
  }

  record(req: Pick<RequestContext, 'site'>, event: EcomEvent, resId: number | null = null, label = ''): void {
    this.recordFor(req.site.id, event, resId, label);
  }

  recordFor(siteId: number | null, event: EcomEvent, resId: number | null = null, label = ''): void {
    this.queue.add({ website_id: siteId, event, res_id: resId, label: label.slice(0, 64) || null, day: utcText().slice(0, 10) });
  }

  /** Tests lengthen it to keep events in memory until the stop. */
  get flushDelayMs(): number {
    return this.queue.delayMs;
  }

  set flushDelayMs(ms: number) {
    this.queue.delayMs = ms;
  }

  get pendingCount(): number {
    return this.queue.pendingCount;
  }

  /** Writes every queued event. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  private async write(batch: PendingEvent[]): Promise<void> {
    // One statement for a usual batch; a long one in slices (SQLite's compound SELECT holds 500 rows) in one transaction.
    if (batch.length <= INSERT_SLICE) await this.db('sale_ecom_event').insert(batch);
    else {
      await this.db.transaction(async (trx) => {
        for (let i = 0; i < batch.length; i += INSERT_SLICE) await trx('sale_ecom_event').insert(batch.slice(i, i + INSERT_SLICE));
      });
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

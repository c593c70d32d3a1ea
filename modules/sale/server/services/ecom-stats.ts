import { injectable } from 'inversify';
import { utcText } from '@platform/common';
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

/**
 * Records one event a row (site, event, record, label, day) and reports them per day and as a funnel.
 * Nothing about the visitor is kept: no address, no cookie, no session id.
 */
@injectable()
export class EcomStats {
  async record(req: Pick<RequestContext, 'env' | 'site'>, event: EcomEvent, resId: number | null = null, label = ''): Promise<void> {
    await this.recordFor(req.env, req.site.id, event, resId, label);
  }

  async recordFor(env: Env, siteId: number | null, event: EcomEvent, resId: number | null = null, label = ''): Promise<void> {
    await env.sudo().db('sale_ecom_event').insert({
      website_id: siteId, event, res_id: resId, label: label.slice(0, 64) || null, day: utcText().slice(0, 10),
    });
  }

  /** The last `days` days (today included) of a site. */
  async report(env: Env, siteId: number | null, days = 30): Promise<EcomReport> {
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

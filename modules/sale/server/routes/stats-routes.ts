import { inject, injectable } from 'inversify';
import { number, object } from 'yup';
import { AccessError, UserError } from '@platform/core';
import { route, type RateLimit, type RouteContribution, type RouteDefinition } from '@platform/http';
import { QTY_MESSAGES } from '../../common/shop-schemas';
import { CatalogService } from '../services/catalog-service';
import { ECOM_EVENTS, EcomStats, type EcomEvent } from '../services/ecom-stats';

const SALES_MANAGERS = ['sale.group_sale_manager', 'base.group_system'];
const STATS_REFUSAL = 'Only sales managers see the shop analytics.';

const STATS_RATE: RateLimit = { name: 'sale.stats', limit: 120, perAccount: 120, windowSeconds: 60 };
/** Events that name a record (`/<id>`) or a payment method (`/<label>`); the others name nothing. */
const WITH_ID: ReadonlySet<EcomEvent> = new Set(['product_view', 'product_add_to_cart', 'order_confirmed']);

/**
 * `/stats/ecom/<event>[/<id or method>]`: the spec's page events, posted by the browser and stored on
 * our server. Rate-limited per address and account. The product page's view comes only from here (its
 * browser sends it: the page is the same for every visitor and kept in the public page cache), naming a
 * product visitors may see; an add to cart is recorded by the cart update itself, and its event here
 * must name a variant the caller may buy.
 */
@injectable()
export class StatsRoutes implements RouteContribution {
  constructor(@inject(EcomStats) private readonly stats: EcomStats, @inject(CatalogService) private readonly catalog: CatalogService) {}

  routes(): RouteDefinition[] {
    const handler = async (req: Parameters<RouteDefinition['handler']>[0]) => {
      const event = req.pathParams.event as EcomEvent;
      if (!(ECOM_EVENTS as readonly string[]).includes(event)) throw new UserError('Unknown event.');
      const arg = req.pathParams.arg ?? '';
      if (WITH_ID.has(event)) {
        const id = Number(arg);
        if (!/^\d{1,10}$/.test(arg) || id < 1 || id >= 2 ** 31) throw new UserError('This event names a record by its id.');
        if (event === 'product_view' && !(await this.catalog.isPublished(req.env, id))) throw new UserError(QTY_MESSAGES.unknownProduct);
        if (event === 'product_add_to_cart' && !(await this.catalog.sellable(req.env, id))) throw new UserError(QTY_MESSAGES.unknownProduct);
        this.stats.record(req, event, id);
      } else if (event === 'order_payment') {
        if (!arg || arg.length > 64) throw new UserError('This event names a payment method.');
        this.stats.record(req, event, null, arg);
      } else {
        if (arg) throw new UserError('This event names nothing.');
        this.stats.record(req, event);
      }
      return { ok: true };
    };
    return [
      { path: '/stats/ecom/:event', type: 'json', auth: 'public', params: object({}), rateLimit: STATS_RATE, handler },
      { path: '/stats/ecom/:event/:arg', type: 'json', auth: 'public', params: object({}), rateLimit: STATS_RATE, handler },
      route({
        // The funnel and the events per day of the caller's site, for sales managers.
        path: '/shop/stats/report', type: 'json', auth: 'user', groups: SALES_MANAGERS, refusal: STATS_REFUSAL, params: object({ days: number().integer().min(1).max(365).default(30) }),
        handler: async (req) => {
          if (!req.env.hasGroup('sale.group_sale_manager') && !req.env.hasGroup('base.group_system')) throw new AccessError(STATS_REFUSAL);
          return this.stats.report(req.env, req.site.id, req.params.days);
        },
      }),
    ];
  }
}

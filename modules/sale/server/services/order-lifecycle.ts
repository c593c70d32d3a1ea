import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { injectContributions, LoggerToken, UserError, type ContributionProvider } from '@platform/core';
import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import { ORDER_MODEL, type OrderState } from '../models/sale-order';
import { EcomStats } from './ecom-stats';
import { OrderMails } from './order-mails';
import { OrderStateHook, type OrderInfo } from './order-state-hook';

/** From each state, where an order may go. */
const NEXT: Record<OrderState, OrderState[]> = {
  draft: ['sent', 'sale', 'cancel'],
  sent: ['draft', 'sale', 'cancel'],
  sale: ['cancel'],
  cancel: [],
};

/**
 * The only writer of an order's state. Confirming (`sale`) and cancelling run every OrderStateHook
 * contribution with the order's lines in the same database transaction (a hook that throws undoes the
 * change), and confirming queues the confirmation mail there too: all of it lands, or none.
 */
@injectable()
export class OrderLifecycle {
  constructor(
    @injectContributions(OrderStateHook) private readonly hooks: ContributionProvider<OrderStateHook>,
    @inject(OrderMails) private readonly mails: OrderMails,
    @inject(EcomStats) private readonly stats: EcomStats,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  /** Moves the order to `state`; false when it already is there. Refuses a move the order cannot make. */
  async setState(env: Env, orderId: number, state: OrderState): Promise<boolean> {
    let queued = false;
    const changed = await env.sudo().transaction(async (sudo) => {
      // The order with what its confirmation mail needs (the customer's address, the site's base URL).
      const row = await sudo.db('sale_order').where({ id: orderId }).first('id', 'name', 'partner_id', 'website_id', 'state', 'mail_base_url');
      if (!row) throw new UserError('This order does not exist.');
      const previous = row.state as OrderState;
      if (previous === state) return false;
      if (!NEXT[previous].includes(state)) throw new UserError(`An order that is ${previous} cannot become ${state}.`);
      await sudo.model(ORDER_MODEL).write([orderId], { state, ...(state === 'sale' ? { date_order: utcText() } : {}) });
      if (state === 'sale' || state === 'cancel') {
        const lines = await sudo.db('sale_order_line').where({ order_id: orderId }).orderBy('id').select('id', 'product_id', 'product_uom_qty');
        const info: OrderInfo = {
          id: orderId, name: String(row.name), partnerId: Number(row.partner_id), websiteId: Number(row.website_id ?? 0), state,
          lines: lines.map((l) => ({ id: Number(l.id), productId: Number(l.product_id), quantity: Number(l.product_uom_qty) })),
        };
        for (const hook of this.hooks.getContributions()) await hook.orderStateChanged(sudo, info, previous);
      }
      if (state === 'sale') {
        // The customer through base's model (its face), not its table.
        const [partner] = row.partner_id ? await sudo.model('res.partner').read([Number(row.partner_id)], ['email']) : [];
        queued = await this.mails.queue(sudo, orderId, { email: partner?.email ? String(partner.email) : '', baseUrl: row.mail_base_url ? String(row.mail_base_url) : '' });
        await this.stats.recordFor(sudo, row.website_id ? Number(row.website_id) : null, 'order_confirmed', orderId);
      }
      this.logger.info({ order: orderId, from: previous, to: state }, 'sale: order state');
      return true;
    });
    if (queued) this.mails.kickSoon();
    return changed;
  }

  confirm(env: Env, orderId: number): Promise<boolean> {
    return this.setState(env, orderId, 'sale');
  }

  /** Cancels an order (sales managers, or the modules that sell through the shop). */
  cancel(env: Env, orderId: number): Promise<boolean> {
    return this.setState(env, orderId, 'cancel');
  }
}

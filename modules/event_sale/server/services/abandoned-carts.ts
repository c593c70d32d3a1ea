import { inject, injectable } from 'inversify';
import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import { EventRegistrations, REGISTRATION_MODEL } from '@modules/event';
import { ORDER_MODEL } from '@modules/sale';

/** A cart left alone this long gives its tickets' seats back. */
export const CART_HOLD_HOURS = 2;

/**
 * Unconfirmed attendees hold their seats while their cart is alive; a cart untouched for CART_HOLD_HOURS
 * releases them (cancelled, seats back). Should that cart be confirmed later, the order's hook registers
 * them again if seats are left (OrderTickets), else the confirmation is refused.
 */
@injectable()
export class AbandonedCarts {
  constructor(@inject(EventRegistrations) private readonly registrations: EventRegistrations) {}

  async release(env: Env, now = Date.now()): Promise<number> {
    const sudo = env.sudo();
    const held = await sudo.model(REGISTRATION_MODEL).search_read([['state', '=', 'draft'], ['sale_order_id', '!=', false]], ['sale_order_id'], { limit: 5000 });
    const orderIds = [...new Set(held.map((r) => Number((r.sale_order_id as [number, string])[0])))];
    if (!orderIds.length) return 0;
    const idle = new Set(await sudo.model(ORDER_MODEL).search([['id', 'in', orderIds], ['state', '=', 'draft'], ['write_date', '<', utcText(now - CART_HOLD_HOURS * 3_600_000)]]));
    const ids = held.filter((r) => idle.has(Number((r.sale_order_id as [number, string])[0]))).map((r) => Number(r.id));
    return (await this.registrations.cancel(sudo, ids)).length;
  }
}

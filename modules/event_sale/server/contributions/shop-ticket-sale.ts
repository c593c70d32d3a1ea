import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { RequestContext } from '@platform/http';
import { EventRegistrations, REGISTRATION_MODEL, type AttendeeInput, type TicketSaleContribution } from '@modules/event';
import { CartService, ORDER_LINE_MODEL } from '@modules/sale';
import { TicketProducts } from '../services/ticket-products';

export const CART_URL = '/shop/cart';

/**
 * Paid tickets go to the buyer's cart: in the registration's transaction, the attendees are registered
 * as unconfirmed (the event is locked and its seats counted first, so a cart never holds a seat that
 * is not there), each ticket's product is added once per attendee at the price the shop computes, and
 * each registration is linked to its order line. The order's confirmation confirms them (OrderTickets).
 */
@injectable()
export class ShopTicketSale implements TicketSaleContribution {
  constructor(
    @inject(EventRegistrations) private readonly registrations: EventRegistrations,
    @inject(CartService) private readonly cart: CartService,
    @inject(TicketProducts) private readonly products: TicketProducts,
  ) {}

  async sell(req: RequestContext, eventId: number, attendees: AttendeeInput[]): Promise<string> {
    await req.env.transaction(async (tx) => {
      const caller = { ...req, env: tx };
      const ids = await this.registrations.register(tx, eventId, attendees, { state: 'draft', partnerId: req.isPublic ? null : req.user.partnerId, origin: 'shop', baseUrl: null });
      const byTicket = new Map<number, number[]>();
      attendees.forEach((a, i) => byTicket.set(a.ticketId, [...(byTicket.get(a.ticketId) ?? []), ids[i]]));
      for (const [ticketId, regIds] of byTicket) {
        const productId = await this.products.ensure(tx, ticketId);
        if (!productId) throw new UserError('This ticket is free: it is not sold through the shop.');
        const line = await this.cart.update(caller, { product_id: productId, add_qty: regIds.length });
        if (line.warning || line.line_id === null) throw new UserError(line.warning ?? 'The tickets could not be put in the cart.');
        const [row] = await tx.sudo().model(ORDER_LINE_MODEL).read([line.line_id], ['order_id']);
        await tx.sudo().model(REGISTRATION_MODEL).updateColumns(regIds, { set: { sale_order_id: Number((row.order_id as [number, string])[0]), sale_order_line_id: line.line_id } });
      }
    });
    return CART_URL;
  }
}

import { inject, injectable } from 'inversify';
import type { Env } from '@platform/orm';
import { EventRegistrations, REGISTRATION_MODEL, TICKET_MODEL } from '@modules/event';
import type { OrderInfo, OrderState, OrderStateHook } from '@modules/sale';

/**
 * The attendees of an order follow it: confirmed (and mailed) when it is confirmed, cancelled (seats
 * back) when it is cancelled. Called by the shop in the transaction that changes the order's state, so
 * the registrations change with the order or not at all. A line whose quantity was raised in the cart
 * gets registrations for the extra tickets (in the buyer's name, seats checked: no seat, no confirmation);
 * a line lowered keeps its first registrations and cancels the others.
 */
@injectable()
export class OrderTickets implements OrderStateHook {
  constructor(@inject(EventRegistrations) private readonly registrations: EventRegistrations) {}

  async orderStateChanged(env: Env, order: OrderInfo, previous: OrderState): Promise<void> {
    const sudo = env.sudo();
    const regs = sudo.model(REGISTRATION_MODEL);
    if (order.state === 'cancel') {
      await this.registrations.cancel(sudo, await regs.search([['sale_order_id', '=', order.id]]));
      return;
    }
    if (order.state !== 'sale' || previous === 'sale') return;
    const productIds = order.lines.map((l) => l.productId);
    const tickets = productIds.length ? await sudo.model(TICKET_MODEL).search_read([['product_id', 'in', productIds]], ['product_id', 'event_id']) : [];
    const ticketOf = new Map(tickets.map((t) => [Number((t.product_id as [number, string])[0]), { id: Number(t.id), eventId: Number((t.event_id as [number, string])[0]) }]));
    const [partner] = await sudo.model('res.partner').read([order.partnerId], ['name', 'email', 'phone']);
    const confirm: number[] = [];
    for (const line of order.lines) {
      const ticket = ticketOf.get(line.productId);
      if (!ticket) continue;
      const linked = await regs.search([['sale_order_line_id', '=', line.id], ['state', 'in', ['draft', 'open']]], { order: 'id' });
      if (linked.length > line.quantity) await this.registrations.cancel(sudo, linked.slice(line.quantity));
      confirm.push(...linked.slice(0, line.quantity));
      const missing = line.quantity - linked.length;
      if (missing > 0) {
        // Attendees released with an idle cart come back first (their seats counted again), then the buyer for units added in the cart.
        const released = await regs.search_read([['sale_order_line_id', '=', line.id], ['state', '=', 'cancel']], ['name', 'email', 'phone'], { order: 'id', limit: missing });
        const email = typeof partner?.email === 'string' && partner.email ? partner.email : 'unknown@example.com';
        const people = [
          ...released.map((r) => ({ name: String(r.name), email: String(r.email), phone: typeof r.phone === 'string' ? r.phone : '', ticketId: ticket.id })),
          ...Array.from({ length: missing - released.length }, () => ({ name: String(partner?.name ?? 'Attendee'), email, phone: typeof partner?.phone === 'string' ? partner.phone : '', ticketId: ticket.id })),
        ];
        if (released.length) await regs.updateColumns(released.map((r) => Number(r.id)), { set: { sale_order_line_id: null, sale_order_id: null } });
        const extra = await this.registrations.register(sudo, ticket.eventId, people, { state: 'draft', partnerId: order.partnerId, origin: order.name, baseUrl: null, extra: () => ({ sale_order_id: order.id, sale_order_line_id: line.id }) });
        confirm.push(...extra);
      }
    }
    await this.registrations.confirm(sudo, confirm, await this.baseUrl(sudo, order.websiteId));
  }

  /**
   * Where the confirmation mails' links point: the order's site's base URL, else its domain (no mail
   * when neither: a stranger's Host is never used). Read in the hook's transaction (the shop's).
   */
  private async baseUrl(env: Env, websiteId: number): Promise<string | null> {
    const [site] = websiteId ? await env.model('website').read([websiteId], ['base_url', 'domain']) : [];
    if (typeof site?.base_url === 'string' && site.base_url) return site.base_url;
    return typeof site?.domain === 'string' && site.domain ? `http://${site.domain}` : null;
  }
}

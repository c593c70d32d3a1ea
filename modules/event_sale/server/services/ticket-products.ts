import { injectable } from 'inversify';
import type { Env } from '@platform/orm';
import { EVENT_MODEL, TICKET_MODEL } from '@modules/event';
import { PRODUCT_MODEL, TEMPLATE_MODEL } from '@modules/sale';

/**
 * A ticket with a price is sold as a product of the shop: a published template "<event> - <ticket>" at
 * the ticket's price, with one variant, made when the ticket gets a price and kept in step with it.
 */
@injectable()
export class TicketProducts {
  /** The ticket's product (made or updated now), or null for a free ticket. */
  async ensure(env: Env, ticketId: number): Promise<number | null> {
    const sudo = env.sudo();
    const [t] = await sudo.model(TICKET_MODEL).read([ticketId], ['name', 'price', 'event_id', 'product_id']);
    if (!t || !(Number(t.price) > 0)) return null;
    const [ev] = await sudo.model(EVENT_MODEL).read([Number((t.event_id as [number, string])[0])], ['name']);
    const name = `${String(ev.name)} - ${String(t.name)}`.slice(0, 256);
    const productId = Array.isArray(t.product_id) ? Number(t.product_id[0]) : null;
    if (productId) {
      const [p] = await sudo.model(PRODUCT_MODEL).read([productId], ['product_tmpl_id']);
      const tmplId = Number((p.product_tmpl_id as [number, string])[0]);
      const [tmpl] = await sudo.model(TEMPLATE_MODEL).read([tmplId], ['name', 'list_price', 'website_listed']);
      // Sold from its event's page, never listed in /shop (a ticket product made before the flag gets it here).
      if (Number(tmpl.list_price) !== Number(t.price) || tmpl.name !== name || tmpl.website_listed) await sudo.model(TEMPLATE_MODEL).write([tmplId], { name, list_price: Number(t.price), website_listed: false });
      return productId;
    }
    const tmplId = await sudo.model(TEMPLATE_MODEL).create({ name, list_price: Number(t.price), website_published: true, website_listed: false, website_sequence: 1000, description: `Ticket for ${String(ev.name)}` });
    const id = await sudo.model(PRODUCT_MODEL).create({ product_tmpl_id: tmplId });
    await sudo.model(TICKET_MODEL).updateColumns([ticketId], { set: { product_id: id } });
    return id;
  }
}

import { extendModel, fields, type Env } from '@platform/orm';
import { TICKET_MODEL } from '@modules/event';
import { TicketProducts } from '../services/ticket-products';

const products = new TicketProducts();

/** A ticket's product in the shop, made when the ticket gets a price (and kept at its price). */
export const TicketProduct = extendModel(TICKET_MODEL, {
  product_id: fields.many2one('product.product', { ondelete: 'set null', readonly: true, string: 'Product' }),
}, {
  constraints: [async (env: Env, ids: number[]) => { for (const id of ids) await products.ensure(env, id); }],
});

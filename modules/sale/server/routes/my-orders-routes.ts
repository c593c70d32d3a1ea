import { inject, injectable } from 'inversify';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { MY_ORDERS_URL } from '../../common/checkout-schemas';
import { myOrderPage, myOrdersPage } from '../../web/pages/checkout-pages';
import { ORDER_MODEL, ORDER_STATES } from '../models/sale-order';
import { CheckoutService } from '../services/checkout-service';

const stateLabel = (state: unknown) => ORDER_STATES.find(([s]) => s === state)?.[1] ?? String(state);
const PAYMENT_LABELS: Record<string, string> = {
  draft: 'Not paid', pending: 'Pending', authorized: 'Authorized', done: 'Paid', error: 'Payment failed', cancel: 'Payment canceled',
};

/**
 * The customer portal's orders: `/my/orders` and `/my/orders/<id>` for signed-in customers, read with
 * their own rights (the record rule shows their orders only: another's id answers 404), with each
 * order's state and payment. Carts still being filled are left out.
 */
@injectable()
export class MyOrdersRoutes implements RouteContribution {
  constructor(@inject(CheckoutService) private readonly checkout: CheckoutService) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: MY_ORDERS_URL, type: 'http', auth: 'user', methods: ['GET'],
        handler: async (req) => {
          const rows = await req.env.model(ORDER_MODEL).search_read(
            ['|', ['state', '!=', 'draft'], ['payment_tx_id', '!=', false]], ['name', 'state', 'amount_total', 'date_order', 'create_date', 'payment_tx_id'], { limit: 200 });
          const payments = await this.payments(req.env, rows.map((r) => (Array.isArray(r.payment_tx_id) ? Number(r.payment_tx_id[0]) : 0)));
          const currency = await this.checkout.currency(req.env);
          return myOrdersPage({
            currency,
            orders: rows.map((r) => ({
              id: Number(r.id), name: String(r.name), state: String(r.state), stateLabel: stateLabel(r.state), amountTotal: Number(r.amount_total),
              date: String(r.date_order || r.create_date || '').slice(0, 10),
              payment: payments.get(Array.isArray(r.payment_tx_id) ? Number(r.payment_tx_id[0]) : 0) ?? 'Not paid',
            })),
          });
        },
      },
      {
        path: `${MY_ORDERS_URL}/:id`, type: 'http', auth: 'user', methods: ['GET'],
        handler: async (req) => {
          const id = Number(req.pathParams.id);
          if (!Number.isSafeInteger(id) || id < 1 || id >= 2 ** 31) return req.reply.notFound();
          // The caller's own rights: another customer's order is not found.
          const [row] = await req.env.model(ORDER_MODEL).search_read([['id', '=', id]], ['state', 'date_order', 'create_date', 'payment_tx_id', 'partner_id'], { limit: 1 });
          if (!row) return req.reply.notFound();
          const txId = Array.isArray(row.payment_tx_id) ? Number(row.payment_tx_id[0]) : 0;
          const payments = await this.payments(req.env, [txId]);
          const order = await this.checkout.summary(req.env, id);
          const copy = await this.checkout.orderCopy(req.env, id);
          return myOrderPage({
            order, stateLabel: stateLabel(row.state), date: String(row.date_order || row.create_date || '').slice(0, 10),
            payment: payments.get(txId) ?? 'Not paid',
            address: copy ? await this.checkout.address({ ...req, isPublic: false }, copy) : null,
          });
        },
      },
    ];
  }

  /** The payment label of each transaction (the caller's own, read as the system: the order was already checked). */
  private async payments(env: import('@platform/orm').Env, ids: number[]): Promise<Map<number, string>> {
    const wanted = ids.filter((i) => i > 0);
    if (!wanted.length) return new Map();
    // The caller's order was checked; its payment is read as the system (acquirer names translated).
    const rows = await env.sudo().model('payment.transaction').read(wanted, ['state', 'acquirer_id']);
    return new Map(rows.map((r) => [Number(r.id), `${PAYMENT_LABELS[String(r.state)] ?? String(r.state)} (${Array.isArray(r.acquirer_id) ? String(r.acquirer_id[1]) : ''})`]));
  }
}

import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { UserError, ValidationError } from '@platform/core';
import { utcText } from '@platform/common';
import type { RequestContext } from '@platform/http';
import type { Env } from '@platform/orm';
import {
  MAX_LINE_QTY, QTY_MESSAGES, productUrl, type CartUpdate, type CartUpdateResult, type CartView,
} from '../../common/shop-schemas';
import { deliveryCents } from '../../common/checkout-schemas';
import { ORDER_LINE_MODEL, ORDER_MODEL } from '../models/sale-order';
import { CatalogService } from './catalog-service';
import { fromCents, toCents } from './money';

/** The session key of the visitor's cart (a draft sale.order of this site). */
export const CART_SESSION_KEY = 'sale_order_id';
const ORDER_TABLE = 'sale_order';

type Caller = Pick<RequestContext, 'env' | 'session' | 'site' | 'user' | 'isPublic'>;

/**
 * What a recompute writes with the amounts (columns only the shop's services write, checked by them):
 * other columns, a shipping method, or one for an order that has none yet.
 */
export interface OrderChange {
  set?: Record<string, unknown>;
  carrierId?: number;
  carrierIfNone?: number | null;
}

/** The session's cart as one read gives it. */
export interface CurrentCart {
  id: number;
  partnerId: number;
  lineCount: number;
  amountTotal: number;
  name: string;
  currencyId: number;
  carrierId: number | null;
  /** What the checkout pages show of the order besides (read in the same statement). */
  state: string;
  amountDelivery: number;
  paymentTxId: number | null;
  carrierName: string | null;
}

function cartOf(id: number, o: Record<string, unknown>): CurrentCart {
  return {
    id, partnerId: Number(o.partner_id), lineCount: Number(o.line_count), amountTotal: Number(o.amount_total), name: String(o.name),
    currencyId: Number(o.currency_id), carrierId: o.carrier_id ? Number(o.carrier_id) : null,
    state: String(o.state), amountDelivery: Number(o.amount_delivery ?? 0), paymentTxId: o.payment_tx_id ? Number(o.payment_tx_id) : null,
    carrierName: o.carrier_name ? String(o.carrier_name) : null,
  };
}

/**
 * The cart: a draft order whose id is in the caller's session, so nobody reaches another's cart. It is
 * written only here, as the superuser after the checks: quantities are bounded, products must be
 * sellable, prices come from the catalogue (never from the request) and totals are summed from lines.
 */
@injectable()
export class CartService {
  constructor(@inject(CatalogService) private readonly catalog: CatalogService) {}

  /** The caller's cart, or null (none yet, or it is no longer a draft of this site: then forgotten). */
  async current(caller: Caller, env: Env = caller.env.sudo()): Promise<CurrentCart | null> {
    const id = caller.session.get<number>(CART_SESSION_KEY);
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
    // One indexed read (the session names the order; its rights are the session's own), its lines counted in it.
    const db = env.sudo().db;
    // Its shipping method's name too: the checkout pages show the order from this read (CheckoutService.summary).
    const order = await db(ORDER_TABLE).where({ id }).first('state', 'website_id', 'partner_id', 'amount_total', 'name', 'currency_id', 'carrier_id',
      'amount_delivery', 'payment_tx_id',
      db('sale_order_line').where('order_id', id).count('*').as('line_count'),
      db('delivery_carrier').whereRaw('?? = ??', ['delivery_carrier.id', `${ORDER_TABLE}.carrier_id`]).select('name').as('carrier_name'));
    const siteId = order?.website_id != null ? Number(order.website_id) : null;
    if (!order || order.state !== 'draft' || siteId !== caller.site.id) {
      caller.session.delete(CART_SESSION_KEY);
      return null;
    }
    const partnerId = Number(order.partner_id);
    if (!caller.isPublic && partnerId !== caller.user.partnerId) {
      // Signed in since the cart was made: the cart becomes theirs (only a visitor's cart is in a session they hold).
      await env.model(ORDER_MODEL).write([id], { partner_id: caller.user.partnerId });
      return { ...cartOf(id, order), partnerId: caller.user.partnerId };
    }
    return cartOf(id, order);
  }

  /**
   * A new cart, named 'New' until the recompute that follows its first line in the same transaction
   * writes its reference with the amounts.
   */
  private async create(caller: Caller, env: Env): Promise<number> {
    const currency = await this.catalog.currency(env);
    const id = await env.model(ORDER_MODEL).create({
      name: 'New', partner_id: caller.user.partnerId, currency_id: currency.id, website_id: caller.site.id,
      state: 'draft', access_token: randomBytes(24).toString('hex'),
    });
    caller.session.set(CART_SESSION_KEY, id);
    return id;
  }

  /**
   * `set_qty` (0 removes the line) or `add_qty` to the line of `line_id` (which must be in the caller's
   * cart) or of `product_id`. Above MAX_LINE_QTY the line keeps the maximum and the answer warns.
   */
  async update(caller: Caller, p: CartUpdate): Promise<CartUpdateResult> {
    if (p.set_qty == null && p.add_qty == null) throw new ValidationError(QTY_MESSAGES.nothingToDo);
    return caller.env.sudo().transaction(async (env) => {
      let order: { id: number; partnerId: number } | null = await this.current(caller, env);
      let line: { id: number; qty: number } | null = null;
      if (p.line_id != null) {
        const row = order ? await env.db('sale_order_line').where({ id: p.line_id, order_id: order.id }).first('id', 'product_id', 'product_uom_qty') : undefined;
        if (!row || Number(row.product_id) !== p.product_id) throw new UserError(QTY_MESSAGES.foreignLine);
        line = { id: Number(row.id), qty: Number(row.product_uom_qty) };
      } else if (order) {
        const row = await env.db('sale_order_line').where({ order_id: order.id, product_id: p.product_id }).orderBy('id').first('id', 'product_uom_qty');
        if (row) line = { id: Number(row.id), qty: Number(row.product_uom_qty) };
      }
      let qty = p.set_qty != null ? p.set_qty : (line?.qty ?? 0) + (p.add_qty ?? 0);
      let warning: string | undefined;
      if (qty > MAX_LINE_QTY) {
        warning = QTY_MESSAGES.lineMax(qty);
        qty = MAX_LINE_QTY;
      }
      if (qty <= 0) {
        // Removing needs no sellable product: an archived one leaves the cart this way.
        if (line) await env.model(ORDER_LINE_MODEL).unlink([line.id]);
        const totals = order ? await this.recompute(env, order.id) : { quantity: 0, amount: 0 };
        return { line_id: line?.id ?? null, quantity: 0, cart_quantity: totals.quantity, line_subtotal: 0, amount_total: totals.amount, ...(warning ? { warning } : {}) };
      }
      // The caller's own rights decide whether the product is visible (published, active); then the price.
      const variant = await this.catalog.sellable(caller.env.withDb(env.db), p.product_id);
      if (!variant) throw new UserError(QTY_MESSAGES.unknownProduct);
      const price = toCents(variant.price);
      const created = !order;
      const orderId = order?.id ?? (await this.create(caller, env));
      order = { id: orderId, partnerId: caller.user.partnerId };
      const vals = { product_uom_qty: qty, price_unit: fromCents(price), price_subtotal: fromCents(price * qty), name: variant.displayName };
      let lineId: number;
      if (line) {
        // Readonly columns only this service writes, after its checks: straight to the row.
        await env.db('sale_order_line').where({ id: line.id }).update({ ...vals, write_uid: env.uid, write_date: utcText() });
        lineId = line.id;
      } else {
        lineId = await env.model(ORDER_LINE_MODEL).create({ order_id: orderId, product_id: p.product_id, ...vals });
      }
      // The reference follows from the id (a column the service alone writes), written with the amounts.
      const totals = await this.recompute(env, orderId, created ? { set: { name: `S${String(orderId).padStart(5, '0')}` } } : {});
      return { line_id: lineId, quantity: qty, cart_quantity: totals.quantity, line_subtotal: vals.price_subtotal, amount_total: totals.amount, ...(warning ? { warning } : {}) };
    });
  }

  /**
   * Sums the lines into the order's amounts, with its shipping method's price (no taxes: untaxed =
   * total); answers the cart's quantity and total. Every change of the lines or of the shipping method
   * comes through here, so the total a payment is compared with is always the lines' sum.
   */
  async recompute(env: Env, orderId: number, change: OrderChange = {}): Promise<{ quantity: number; amount: number }> {
    // One read: the lines' sums and the shipping method (whatever the number of lines), the one being set included.
    const db = env.db;
    const carrierOf = change.carrierId ? db.raw('?', [change.carrierId])
      : change.carrierIfNone ? db.raw('COALESCE(??, ?)', ['o.carrier_id', change.carrierIfNone]) : db.ref('o.carrier_id');
    const row = await db('sale_order as o').leftJoin('delivery_carrier as c', 'c.id', carrierOf).where('o.id', orderId).first(
      'c.id as carrier', 'c.fixed_price', 'c.free_over', 'c.amount',
      db('sale_order_line').where('order_id', orderId).count('*').as('n'),
      db('sale_order_line').where('order_id', orderId).sum('product_uom_qty').as('qty'),
      db('sale_order_line').where('order_id', orderId).sum('price_subtotal').as('subtotal'),
    );
    const count = Number(row?.n ?? 0);
    const cents = toCents(Number(row?.subtotal ?? 0));
    const delivery = row?.carrier && count
      ? deliveryCents({ fixedPrice: Number(row.fixed_price), freeOver: row.free_over === true || row.free_over === 1, amount: Number(row.amount) }, cents) : 0;
    const total = cents + delivery;
    // Amounts are readonly fields only this service computes: written straight to their columns, with the change.
    const carrier = change.carrierId ? { carrier_id: change.carrierId }
      : change.carrierIfNone ? { carrier_id: db.raw('COALESCE(??, ?)', ['carrier_id', change.carrierIfNone]) } : {};
    await env.db(ORDER_TABLE).where({ id: orderId }).update({
      ...change.set, ...carrier,
      amount_untaxed: fromCents(total), amount_delivery: fromCents(delivery), amount_total: fromCents(total), write_date: utcText(),
    });
    return { quantity: Number(row?.qty ?? 0), amount: fromCents(total) };
  }

  /** The cart as its page shows it. */
  async view(caller: Caller): Promise<CartView> {
    const env = caller.env.sudo();
    const currency = await this.catalog.currency(env);
    const order = await this.current(caller, env);
    if (!order) return { id: null, lines: [], amountTotal: 0, quantity: 0, currency };
    // The lines with their product's template (its URL) and whether the variant has a picture (its own or its template's) in one read.
    const rows = await env.db('sale_order_line as l').leftJoin('product_product as p', 'p.id', 'l.product_id').leftJoin('product_template as t', 't.id', 'p.product_tmpl_id')
      .where('l.order_id', order.id).orderBy('l.id')
      .select('l.id', 'l.product_id', 'l.name', 'l.product_uom_qty', 'l.price_unit', 'l.price_subtotal', 't.id as tmpl_id', 't.name as tmpl_name',
        env.db.raw("case when coalesce(p.image, '') <> '' or coalesce(t.image, '') <> '' then 1 else 0 end as pictured"));
    const lines = rows.map((r) => {
      const productId = Number(r.product_id);
      return {
        id: Number(r.id), productId, name: String(r.name), qty: Number(r.product_uom_qty),
        url: r.tmpl_id ? `${productUrl({ id: Number(r.tmpl_id), name: String(r.tmpl_name) })}?variant=${productId}` : '#',
        priceUnit: Number(r.price_unit), subtotal: Number(r.price_subtotal), hasImage: Number(r.pictured) === 1,
      };
    });
    return { id: order.id, lines, amountTotal: order.amountTotal, quantity: lines.reduce((s, l) => s + l.qty, 0), currency };
  }
}

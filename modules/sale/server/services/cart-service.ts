import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { knexDialect, type Dialect } from '@platform/db';
import { UserError, ValidationError } from '@platform/core';
import { People } from '@platform/base';
import { utcText } from '@platform/common';
import { WriteSignal, type RequestContext } from '@platform/http';
import { PaymentTransactions } from '@modules/payment';
import type { Env } from '@platform/orm';
import {
  MAX_LINE_QTY, QTY_MESSAGES, productUrl, type CartUpdate, type CartUpdateResult, type CartView,
} from '../../common/shop-schemas';
import { ORDER_LINE_MODEL, ORDER_MODEL } from '../models/sale-order';
import { CartCopies, type CartCopy } from './cart-copies';
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

/** The session's cart as one read gives it (its lines and its contact too: `CartCopies`). */
export type CurrentCart = CartCopy & { lineCount: number };

const current = (copy: CartCopy): CurrentCart => ({ ...copy, lineCount: copy.lines.length });
const truthy = (v: unknown): boolean => v === true || v === 1 || v === '1';
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const idOrNull = (v: unknown): number | null => (v ? Number(v) : null);

/**
 * The cart: a draft order whose id is in the caller's session, so nobody reaches another's cart. It is
 * written only here, as the superuser after the checks: quantities are bounded, products must be
 * sellable, prices come from the catalogue (never from the request) and totals are summed from lines.
 */
@injectable()
export class CartService {
  private readonly copies: CartCopies;

  constructor(
    @inject(CatalogService) private readonly catalog: CatalogService,
    @inject(People) private readonly people: People,
    @inject(PaymentTransactions) private readonly transactions: PaymentTransactions,
    @inject(WriteSignal) signal: WriteSignal,
  ) {
    this.copies = new CartCopies(signal);
  }

  /**
   * An order with its lines (their product's template: the cart's links and pictures), its shipping
   * method's name and its contact (through base's face): one read whatever the number of lines, kept
   * until one of them is written (`CartCopies`). Sudo: the caller decides whose order it may see.
   */
  async order(db: Knex, orderId: number): Promise<CartCopy | null> {
    return this.copies.get(orderId, () => this.load(db, orderId), !(db as { isTransaction?: boolean }).isTransaction);
  }

  /**
   * The cart's read as SQL, per dialect: the same statement for every order (its id is the one value
   * it is given), built once rather than by the query builder at every read (about as long as the
   * read itself on SQLite).
   */
  private readonly cartSql = new Map<Dialect, { sql: string; bindings: unknown[]; at: number }>();

  private async load(db: Knex, orderId: number): Promise<CartCopy | null> {
    const dialect = knexDialect(db);
    let statement = this.cartSql.get(dialect);
    if (!statement) this.cartSql.set(dialect, (statement = this.cartStatement(db)));
    const bindings = [...statement.bindings];
    bindings[statement.at] = orderId;
    const result = await db.raw(statement.sql, bindings as Knex.RawBinding[]);
    const rows: Array<Record<string, unknown>> = Array.isArray(result) ? result : result.rows;
    return this.cartOf(orderId, rows);
  }

  /** The cart's read, built for a stand-in order id: its SQL, its values, and where the order id goes among them. */
  private cartStatement(db: Knex): { sql: string; bindings: unknown[]; at: number } {
    const standIn = -2_147_483_647;
    const { sql, bindings } = this.cartQuery(db, standIn).toSQL();
    const at = bindings.indexOf(standIn);
    if (at < 0 || bindings.indexOf(standIn, at + 1) >= 0) throw new Error('The cart\'s read must name its order once');
    return { sql, bindings: [...bindings], at };
  }

  private cartQuery(db: Knex, orderId: number): Knex.QueryBuilder {
    const pictured = db.raw("case when coalesce(p.image, '') <> '' or coalesce(t.image, '') <> '' then 1 else 0 end as pictured");
    const partner = this.people.partnersView(db, ['name', 'email', 'phone', 'lang', 'street', 'city', 'zip', 'country_id', 'state_id']).as('pp');
    const query = db('sale_order as o').leftJoin('delivery_carrier as d', 'd.id', 'o.carrier_id')
      .leftJoin('sale_order_line as l', 'l.order_id', 'o.id').leftJoin('product_product as p', 'p.id', 'l.product_id').leftJoin('product_template as t', 't.id', 'p.product_tmpl_id')
      .leftJoin(partner, 'pp.id', 'o.partner_id')
      .where('o.id', orderId).orderBy('l.id')
      .select('o.state', 'o.website_id', 'o.partner_id', 'o.amount_total', 'o.name', 'o.currency_id', 'o.carrier_id', 'o.amount_delivery', 'o.payment_tx_id', 'd.name as carrier_name',
        'l.id as line_id', 'l.product_id', 'l.name as line_name', 'l.product_uom_qty', 'l.price_unit', 'l.price_subtotal', 't.id as tmpl_id', 't.name as tmpl_name', pictured,
        'pp.id as p_id', 'pp.name as p_name', 'pp.email as p_email', 'pp.phone as p_phone', 'pp.lang as p_lang', 'pp.street as p_street', 'pp.city as p_city', 'pp.zip as p_zip',
        'pp.country_id as p_country_id', 'pp.state_id as p_state_id');
    // Its transaction too (the confirmation shows its state), through payment's face.
    return this.transactions.joinInfo(query, 'o.payment_tx_id');
  }

  private cartOf(orderId: number, rows: Array<Record<string, unknown>>): CartCopy | null {
    const o = rows[0];
    if (!o) return null;
    return {
      id: orderId, state: String(o.state), websiteId: idOrNull(o.website_id), partnerId: Number(o.partner_id), amountTotal: Number(o.amount_total),
      amountDelivery: Number(o.amount_delivery ?? 0), name: String(o.name), currencyId: Number(o.currency_id), carrierId: idOrNull(o.carrier_id),
      carrierName: o.carrier_name ? String(o.carrier_name) : null, paymentTxId: idOrNull(o.payment_tx_id), payment: this.transactions.fromJoined(o),
      lines: rows.filter((r) => r.line_id != null).map((r) => ({
        id: Number(r.line_id), productId: Number(r.product_id), name: String(r.line_name), qty: Number(r.product_uom_qty), priceUnit: Number(r.price_unit),
        subtotal: Number(r.price_subtotal), tmplId: idOrNull(r.tmpl_id), tmplName: r.tmpl_name == null ? '' : String(r.tmpl_name), pictured: truthy(r.pictured),
      })),
      partner: o.p_id ? {
        id: Number(o.p_id), name: text(o.p_name), email: text(o.p_email), phone: text(o.p_phone), lang: text(o.p_lang), street: text(o.p_street),
        city: text(o.p_city), zip: text(o.p_zip), countryId: idOrNull(o.p_country_id), stateId: idOrNull(o.p_state_id),
      } : null,
    };
  }

  /** The caller's cart, or null (none yet, or it is no longer a draft of this site: then forgotten). */
  async current(caller: Caller, env: Env = caller.env.sudo()): Promise<CurrentCart | null> {
    const id = caller.session.get<number>(CART_SESSION_KEY);
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
    // The session names the order; its rights are the session's own.
    const order = await this.order(env.sudo().db, id);
    if (!order || order.state !== 'draft' || order.websiteId !== caller.site.id) {
      caller.session.delete(CART_SESSION_KEY);
      return null;
    }
    if (!caller.isPublic && order.partnerId !== caller.user.partnerId) {
      // Signed in since the cart was made: the cart becomes theirs (only a visitor's cart is in a session they hold).
      await env.model(ORDER_MODEL).write([id], { partner_id: caller.user.partnerId });
      const mine = await this.order(env.sudo().db, id);
      if (mine) return current(mine);
    }
    return current(order);
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
    // The variant and its price (kept per reader by the catalogue) before the transaction: a shared load
    // awaited inside it could wait, on SQLite, for the connection the transaction holds.
    const sellable = p.set_qty === 0 ? null : await this.catalog.sellable(caller.env, p.product_id);
    return caller.env.sudo().transaction(async (env) => {
      const cart = await this.current(caller, env);
      let order: { id: number; partnerId: number } | null = cart;
      let line: { id: number; qty: number } | null = null;
      // The cart's lines as read with it: a line named must be one of them (never another's).
      if (p.line_id != null) {
        const row = cart?.lines.find((l) => l.id === p.line_id);
        if (!row || row.productId !== p.product_id) throw new UserError(QTY_MESSAGES.foreignLine);
        line = { id: row.id, qty: row.qty };
      } else if (cart) {
        const row = cart.lines.find((l) => l.productId === p.product_id);
        if (row) line = { id: row.id, qty: row.qty };
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
      const variant = sellable;
      if (!variant) throw new UserError(QTY_MESSAGES.unknownProduct);
      const price = toCents(variant.price);
      const created = !order;
      const orderId = order?.id ?? (await this.create(caller, env));
      order = { id: orderId, partnerId: caller.user.partnerId };
      const vals = { product_uom_qty: qty, price_unit: fromCents(price), price_subtotal: fromCents(price * qty), name: variant.displayName };
      let lineId: number;
      if (line) {
        // Readonly columns only this service writes, after its checks: straight to the row.
        await env.db('sale_order_line').where({ order_id: orderId, id: line.id }).update({ ...vals, write_uid: env.uid, write_date: utcText() });
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
    // One statement whatever the number of lines: the lines' sums and the shipping method's price (the
    // one being set included) computed by the database in the update itself, as deliveryCents does.
    const db = env.db;
    const carrier = change.carrierId ? ['?', [change.carrierId]] as const
      : change.carrierIfNone ? ['COALESCE(??, ?)', [`${ORDER_TABLE}.carrier_id`, change.carrierIfNone]] as const : ['??', [`${ORDER_TABLE}.carrier_id`]] as const;
    const products = ['ROUND(COALESCE((SELECT SUM(price_subtotal) FROM sale_order_line WHERE order_id = ?), 0) * 100)', [orderId]] as const;
    const delivery = [
      `CASE WHEN NOT EXISTS (SELECT 1 FROM sale_order_line WHERE order_id = ?) THEN 0 ELSE COALESCE((SELECT CASE WHEN c.free_over AND ${products[0]} >= ROUND(c.amount * 100) `
      + `THEN 0 ELSE ROUND(c.fixed_price * 100) END FROM delivery_carrier c WHERE c.id = ${carrier[0]}), 0) END`,
      [orderId, ...products[1], ...carrier[1]],
    ] as const;
    const total = db.raw(`(${products[0]} + ${delivery[0]}) / 100.0`, [...products[1], ...delivery[1]]);
    // Amounts are readonly fields only this service computes: written straight to their columns, with the change.
    const carrierSet = change.carrierId ? { carrier_id: change.carrierId }
      : change.carrierIfNone ? { carrier_id: db.raw('COALESCE(??, ?)', ['carrier_id', change.carrierIfNone]) } : {};
    const [row] = await db(ORDER_TABLE).where({ id: orderId }).update({
      ...change.set, ...carrierSet,
      amount_untaxed: total, amount_delivery: db.raw(`${delivery[0]} / 100.0`, delivery[1]), amount_total: total, write_date: utcText(),
    }, ['amount_total', db.raw('(SELECT COALESCE(SUM(product_uom_qty), 0) FROM sale_order_line WHERE order_id = ?) AS qty', [orderId])] as never);
    return { quantity: Number((row as { qty?: unknown } | undefined)?.qty ?? 0), amount: fromCents(toCents((row as { amount_total?: unknown } | undefined)?.amount_total)) };
  }

  /** The cart as its page shows it. */
  async view(caller: Caller): Promise<CartView> {
    const env = caller.env.sudo();
    const currency = await this.catalog.currency(env);
    const order = await this.current(caller, env);
    if (!order) return { id: null, lines: [], amountTotal: 0, quantity: 0, currency };
    // The lines as read with the cart: their product's template (its URL) and whether the variant has a picture (its own or its template's).
    const lines = order.lines.map((r) => ({
      id: r.id, productId: r.productId, name: r.name, qty: r.qty,
      url: r.tmplId ? `${productUrl({ id: r.tmplId, name: r.tmplName })}?variant=${r.productId}` : '#',
      priceUnit: r.priceUnit, subtotal: r.subtotal, hasImage: r.pictured,
    }));
    return { id: order.id, lines, amountTotal: order.amountTotal, quantity: lines.reduce((s, l) => s + l.qty, 0), currency };
  }
}

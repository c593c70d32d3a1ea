import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { injectContributions, LoggerToken, UserError, type ContributionProvider } from '@platform/core';
import { utcText } from '@platform/common';
import type { Knex } from 'knex';
import { People } from '@platform/base';
import { nowUtc, type Env } from '@platform/orm';
import type { OrderState } from '../models/sale-order';
import { EcomStats } from './ecom-stats';
import { OrderMails } from './order-mails';
import { OrderStateHook, type OrderInfo } from './order-state-hook';

/** An order as a state change needs it: `OrderLifecycle.orderRow`. */
export interface OrderRow {
  id: number;
  name: string;
  partner_id: number | null;
  website_id: number | null;
  state: OrderState;
  mail_base_url: string | null;
  amount_total: number;
  currency_id: number;
  payment_tx_id: number | null;
  /** The customer's address (for the confirmation mail). */
  email: string | null;
}

/** What a move did, for what follows its commit. */
interface Moved {
  queued: boolean;
  site: number | null;
  order: number;
}

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
    @inject(People) private readonly people: People,
  ) {}

  /**
   * The order (by id or name) with what a state change and its confirmation mail need, the customer's
   * address joined through base's face (its partners view): one read. Pass the transaction's `db`.
   */
  async orderRow(db: Knex, where: { id: number } | { name: string }): Promise<OrderRow | null> {
    const row = await db('sale_order as o').leftJoin(this.people.partnersView(db, ['email']).as('pp'), 'pp.id', 'o.partner_id')
      .where('id' in where ? { 'o.id': where.id } : { 'o.name': where.name })
      .first('o.id', 'o.name', 'o.partner_id', 'o.website_id', 'o.state', 'o.mail_base_url', 'o.amount_total', 'o.currency_id', 'o.payment_tx_id', 'pp.email');
    return row ? {
      id: Number(row.id), name: String(row.name), partner_id: row.partner_id ? Number(row.partner_id) : null, website_id: row.website_id ? Number(row.website_id) : null,
      state: row.state as OrderState, mail_base_url: row.mail_base_url ? String(row.mail_base_url) : null, amount_total: Number(row.amount_total),
      currency_id: Number(row.currency_id), payment_tx_id: row.payment_tx_id ? Number(row.payment_tx_id) : null, email: row.email ? String(row.email) : null,
    } : null;
  }

  /**
   * Moves the order to `state`; false when it already is there. Refuses a move the order cannot make.
   * `known`: the order as the caller just read it in the same transaction (`orderRow`), not read again.
   */
  async setState(env: Env, orderId: number, state: OrderState, known?: OrderRow): Promise<boolean> {
    let done: Moved | null = null;
    await env.sudo().transaction(async (sudo) => {
      // The order with what its confirmation mail needs (the customer's address, the site's base URL).
      const row = known?.id === orderId ? known : await this.orderRow(sudo.db, { id: orderId });
      if (!row) throw new UserError('This order does not exist.');
      const previous = row.state as OrderState;
      if (previous === state) return;
      if (!NEXT[previous].includes(state)) throw new UserError(`An order that is ${previous} cannot become ${state}.`);
      // One guarded statement (the order is the row just read, still in `previous`): the ORM's write
      // would check the record exists first, which the read above already did.
      const moved = await sudo.db('sale_order').where({ id: orderId, state: previous }).update(this.stateValues(sudo, state));
      if (!moved) throw new UserError('This order changed meanwhile: reload it and try again.');
      done = await this.afterMove(sudo, row, previous, state);
    });
    this.announce(done as Moved | null, state);
    return done !== null;
  }

  /**
   * Confirms the draft order named `name` when, and only when, its total and currency are the ones
   * paid: the state's move and the comparison are one guarded statement, which answers what the
   * confirmation needs (its mail's address through base's face). Null when nothing moved (not a
   * draft, or another amount or currency): the caller then reads the order to know why.
   * Run it in the payment's transaction (`env`).
   */
  async confirmPaid(env: Env, name: string, paid: { amount: number; currencyId: number }): Promise<boolean | null> {
    let done: Moved | null = null;
    const state: OrderState = 'sale';
    await env.sudo().transaction(async (sudo) => {
      const db = sudo.db;
      const email = db.from(this.people.partnersView(db, ['email']).as('pp')).whereRaw('?? = ??', ['pp.id', 'sale_order.partner_id']).select('pp.email');
      const [r] = await db('sale_order').where({ name, state: 'draft', currency_id: paid.currencyId }).whereRaw('ROUND(amount_total * 100) = ?', [Math.round(paid.amount * 100)])
        .update(this.stateValues(sudo, state), ['id', 'name', 'partner_id', 'website_id', 'mail_base_url', 'amount_total', 'currency_id', 'payment_tx_id', db.raw('(?) as email', [email])] as never) as unknown as Array<Record<string, unknown>>;
      if (!r) return;
      const row: OrderRow = {
        id: Number(r.id), name: String(r.name), partner_id: r.partner_id ? Number(r.partner_id) : null, website_id: r.website_id ? Number(r.website_id) : null,
        state, mail_base_url: r.mail_base_url ? String(r.mail_base_url) : null, amount_total: Number(r.amount_total), currency_id: Number(r.currency_id),
        payment_tx_id: r.payment_tx_id ? Number(r.payment_tx_id) : null, email: r.email ? String(r.email) : null,
      };
      done = await this.afterMove(sudo, row, 'draft', state);
    });
    this.announce(done as Moved | null, state);
    return done === null ? null : true;
  }

  private stateValues(sudo: Env, state: OrderState): Record<string, unknown> {
    return { state, ...(state === 'sale' ? { date_order: utcText() } : {}), write_uid: sudo.uid, write_date: nowUtc() };
  }

  /** In the move's transaction: the hooks with the order's lines, the confirmation mail queued, the log. */
  private async afterMove(sudo: Env, row: OrderRow, previous: OrderState, state: OrderState): Promise<Moved> {
    let queued = false;
    let site: number | null = null;
    const hooks = this.hooks.getContributions();
    if ((state === 'sale' || state === 'cancel') && hooks.length) {
      const lines = await sudo.db('sale_order_line').where({ order_id: row.id }).orderBy('id').select('id', 'product_id', 'product_uom_qty');
      const info: OrderInfo = {
        id: row.id, name: String(row.name), partnerId: Number(row.partner_id), websiteId: Number(row.website_id ?? 0), state,
        lines: lines.map((l) => ({ id: Number(l.id), productId: Number(l.product_id), quantity: Number(l.product_uom_qty) })),
      };
      for (const hook of hooks) await hook.orderStateChanged(sudo, info, previous);
    }
    if (state === 'sale') {
      queued = await this.mails.queue(sudo, row.id, { email: row.email ?? '', baseUrl: row.mail_base_url ?? '' });
      site = row.website_id ? Number(row.website_id) : null;
    }
    this.logger.info({ order: row.id, from: previous, to: state }, 'sale: order state');
    return { queued, site, order: row.id };
  }

  /** Once committed: the mail sent soon, the confirmation counted (a rolled-back one is not an event). */
  private announce(done: Moved | null, state: OrderState): void {
    if (!done) return;
    if (done.queued) this.mails.kickSoon();
    if (state === 'sale') this.stats.recordFor(done.site, 'order_confirmed', done.order);
  }

  confirm(env: Env, orderId: number, known?: OrderRow): Promise<boolean> {
    return this.setState(env, orderId, 'sale', known);
  }

  /** Cancels an order (sales managers, or the modules that sell through the shop). */
  cancel(env: Env, orderId: number): Promise<boolean> {
    return this.setState(env, orderId, 'cancel');
  }
}

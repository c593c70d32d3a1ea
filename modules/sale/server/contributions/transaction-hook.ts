import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { LoggerToken } from '@platform/core';
import { TransactionStateHook, type TransactionInfo, type TransactionState } from '@modules/payment';
import type { Env } from '@platform/orm';
import type { OrderState } from '../models/sale-order';
import { toCents } from '../services/money';
import { OrderLifecycle } from '../services/order-lifecycle';

/** An order's transactions are named after it: `S00012`, then `S00012x1`, `S00012x2`... */
export const orderNameOf = (reference: string): string => reference.replace(/x\d+$/, '');

/**
 * Payments of shop orders: a done or authorized transaction confirms its order only when its amount
 * and currency equal the order's (a cart changed after the payment started, or a tampered amount,
 * confirms nothing); a pending one (a wire transfer) marks the order sent; a cancelled or failed one
 * leaves it payable (a sent order whose payment this was goes back to a quotation).
 */
@injectable()
export class SaleTransactionHook implements TransactionStateHook {
  constructor(
    @inject(OrderLifecycle) private readonly lifecycle: OrderLifecycle,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  async transactionStateChanged(env: Env, tx: TransactionInfo, _previous: TransactionState): Promise<void> {
    // A payment of a draft (a cart just paid): confirmed by one statement that compares the amount and
    // the currency itself; anything else (not a draft, not matching, not found) is read below.
    if ((tx.state === 'done' || tx.state === 'authorized') && tx.currency.id
      && (await this.lifecycle.confirmPaid(env, orderNameOf(tx.reference), { amount: tx.amount, currencyId: tx.currency.id }))) return;
    // The order with what a state change needs (one read: the state change does not read it again).
    const order = await this.lifecycle.orderRow(env.db, { name: orderNameOf(tx.reference) });
    if (!order) return;
    const state = order.state as OrderState;
    const matches = toCents(order.amount_total) === toCents(tx.amount) && Number(order.currency_id) === tx.currency.id;
    if (tx.state === 'done' || tx.state === 'authorized' || tx.state === 'pending') {
      if (!matches) {
        this.logger.warn({ order: order.id, tx: tx.id, amount: tx.amount, total: Number(order.amount_total) }, 'sale: payment amount or currency does not match the order: not confirmed');
        return;
      }
      if (tx.state === 'pending') {
        if (state === 'draft') await this.lifecycle.setState(env, order.id, 'sent', order);
      } else if (state === 'draft' || state === 'sent') {
        await this.lifecycle.confirm(env, order.id, order);
      }
      return;
    }
    if ((tx.state === 'cancel' || tx.state === 'error') && state === 'sent' && Number(order.payment_tx_id) === tx.id) {
      await this.lifecycle.setState(env, order.id, 'draft', order);
    }
  }
}

import type { Env } from '@platform/orm';
import type { OrderState } from '../models/sale-order';

/** One line of an order as the modules that sell through the shop see it. */
export interface OrderLineInfo {
  id: number;
  productId: number;
  quantity: number;
}

/** An order whose state just changed, with its lines. */
export interface OrderInfo {
  id: number;
  name: string;
  partnerId: number;
  websiteId: number;
  state: OrderState;
  lines: OrderLineInfo[];
}

/**
 * A module that sells through the shop (event tickets, say) reacts to its orders here: it is called
 * in the transaction that changes the order's state (confirmed when paid, cancelled), so what it
 * writes commits or rolls back with the order. `previous` is the state before the change.
 */
export interface OrderStateHook {
  orderStateChanged(env: Env, order: OrderInfo, previous: OrderState): Promise<void>;
}
export const OrderStateHook = Symbol('OrderStateHook');

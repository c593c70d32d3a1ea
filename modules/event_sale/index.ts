/*
 * The public face of event_sale: other modules import this file only (`@modules/event_sale`), and only
 * when their manifest depends on event_sale.
 */
export { OrderTickets } from './server/contributions/order-tickets';
export { TicketProducts } from './server/services/ticket-products';
export { AbandonedCarts, CART_HOLD_HOURS } from './server/services/abandoned-carts';

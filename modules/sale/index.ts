/*
 * The public face of sale: other modules import this file only (`@modules/sale`), and only
 * when their manifest depends on sale. Everything else in this folder may change without notice.
 */
export { CartService, CART_SESSION_KEY } from './server/services/cart-service';
export { OrderStateHook, type OrderInfo, type OrderLineInfo } from './server/services/order-state-hook';
export { CatalogService, type SellableVariant } from './server/services/catalog-service';
export { ORDER_MODEL, ORDER_LINE_MODEL, ORDER_STATES, type OrderState } from './server/models/sale-order';
export {
  CATEGORY_MODEL, TEMPLATE_MODEL, ATTRIBUTE_MODEL, ATTRIBUTE_VALUE_MODEL, TEMPLATE_VALUE_MODEL, PRODUCT_MODEL,
} from './server/models/product-catalog';
export * from './common/shop-schemas';

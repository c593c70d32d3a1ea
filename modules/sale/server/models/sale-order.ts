import { defineModel, fields } from '@platform/orm';

export const ORDER_MODEL = 'sale.order';
export const ORDER_LINE_MODEL = 'sale.order.line';

export const ORDER_STATES = [['draft', 'Quotation'], ['sent', 'Quotation sent'], ['sale', 'Sales order'], ['cancel', 'Canceled']] as const;
export type OrderState = (typeof ORDER_STATES)[number][0];

/**
 * An order (a cart while draft). Amounts, prices and states are written by the cart service only, as
 * the superuser after its checks: they are readonly to every call.
 */
export const SaleOrder = defineModel({
  name: ORDER_MODEL,
  description: 'Sales order',
  order: 'id desc',
  fields: {
    name: fields.char({ required: true, size: 64, readonly: true, string: 'Reference' }),
    partner_id: fields.many2one('res.partner', { required: true, ondelete: 'restrict', readonly: true, string: 'Customer' }),
    state: fields.selection(ORDER_STATES, { required: true, default: 'draft', readonly: true, string: 'Status' }),
    currency_id: fields.many2one('res.currency', { required: true, ondelete: 'restrict', readonly: true, string: 'Currency' }),
    website_id: fields.many2one('website', { ondelete: 'set null', readonly: true, string: 'Site' }),
    amount_untaxed: fields.monetary({ default: 0, readonly: true, string: 'Untaxed amount' }),
    amount_total: fields.monetary({ default: 0, readonly: true, string: 'Total' }),
    access_token: fields.char({ size: 64, readonly: true, string: 'Access token', groups: ['sale.group_sale_manager'] }),
    order_line: fields.one2many(ORDER_LINE_MODEL, 'order_id', { readonly: true, string: 'Lines' }),
    carrier_id: fields.many2one('delivery.carrier', { ondelete: 'set null', readonly: true, string: 'Shipping method' }),
    amount_delivery: fields.monetary({ default: 0, readonly: true, string: 'Shipping' }),
    payment_tx_id: fields.many2one('payment.transaction', { ondelete: 'set null', readonly: true, string: 'Payment' }),
    date_order: fields.char({ size: 32, readonly: true, string: 'Order date' }),
    /** The site's address for the links of the order's mails, noted when the payment starts (a mail has no request). */
    mail_base_url: fields.char({ size: 512, readonly: true, string: 'Base URL of mails', groups: ['sale.group_sale_manager'] }),
  },
});

export const SaleOrderLine = defineModel({
  name: ORDER_LINE_MODEL,
  description: 'Sales order line',
  order: 'order_id, id',
  fields: {
    order_id: fields.many2one(ORDER_MODEL, { required: true, ondelete: 'cascade', readonly: true, string: 'Order' }),
    product_id: fields.many2one('product.product', { required: true, ondelete: 'restrict', readonly: true, string: 'Product' }),
    name: fields.text({ required: true, readonly: true, string: 'Description' }),
    product_uom_qty: fields.integer({ required: true, default: 1, readonly: true, string: 'Quantity' }),
    price_unit: fields.monetary({ required: true, default: 0, readonly: true, string: 'Unit price' }),
    price_subtotal: fields.monetary({ default: 0, readonly: true, string: 'Subtotal' }),
  },
});

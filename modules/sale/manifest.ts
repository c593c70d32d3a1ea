import { defineManifest } from '@platform/core';
import path from 'node:path';

const MANAGER = 'sale.group_sale_manager';
const SIGNED_IN = ['base.group_portal', 'base.group_user'];
const OUTSIDERS = ['base.group_public', 'base.group_portal'];
const CATALOGUE = ['product.category', 'product.template', 'product.attribute', 'product.attribute.value', 'product.template.attribute.value', 'product.product'];

export default defineManifest({
  name: 'sale',
  version: '1.1.0',
  displayName: 'Shop',
  color: '#b34d00',
  summary: 'Shop: catalogue with categories and variants, cart with server-side prices (/shop)',
  depends: ['website', 'payment', 'mail'],
  server: () => (require('./server/sale-module') as typeof import('./server/sale-module')).saleModule,
  web: {
    islands: ['cart', 'cart-link', 'product-view', 'shop-filters', 'address-form', 'carrier-select', 'payment-form', 'order-status'].map((f) => path.join(__dirname, `web/islands/${f}.tsx`)),
  },
  migrations: path.join(__dirname, 'migrations'),
  groups: [{ id: MANAGER, name: 'Sales manager', implies: ['base.group_user'] }],
  // Everybody reads the catalogue (visitors and portal users: published products and active variants
  // only); sales managers edit it. Orders and lines are written by the cart service only (every field is
  // readonly); signed-in users read their own, managers all. Visitors have no access at all: their cart
  // is reached through their session only.
  access: [
    ...CATALOGUE.flatMap((model) => [
      { model, read: true },
      { model, group: MANAGER, read: true, write: true, create: true, unlink: true },
    ]),
    ...SIGNED_IN.flatMap((group) => [
      { model: 'sale.order', group, read: true },
      { model: 'sale.order.line', group, read: true },
    ]),
    { model: 'delivery.carrier', read: true },
    { model: 'delivery.carrier', group: MANAGER, read: true, write: true, create: true, unlink: true },
    { model: 'sale.order', group: MANAGER, read: true },
    { model: 'sale.order.line', group: MANAGER, read: true },
  ],
  rules: [
    { name: 'product.template: published', model: 'product.template', groups: OUTSIDERS, operations: ['read'], domain: [['website_published', '=', true], ['active', '=', true]] },
    {
      name: 'product.product: sellable', model: 'product.product', groups: OUTSIDERS, operations: ['read'],
      domain: [['active', '=', true], ['product_tmpl_id.website_published', '=', true], ['product_tmpl_id.active', '=', true]],
    },
    { name: 'delivery.carrier: published', model: 'delivery.carrier', groups: OUTSIDERS, operations: ['read'], domain: [['website_published', '=', true], ['active', '=', true]] },
    { name: 'sale.order: own', model: 'sale.order', groups: SIGNED_IN, domain: (c) => [['partner_id', '=', c.partnerId ?? 0]] },
    { name: 'sale.order: managers', model: 'sale.order', groups: [MANAGER], domain: [] },
    { name: 'sale.order.line: own', model: 'sale.order.line', groups: SIGNED_IN, domain: (c) => [['order_id.partner_id', '=', c.partnerId ?? 0]] },
    { name: 'sale.order.line: managers', model: 'sale.order.line', groups: [MANAGER], domain: [] },
  ],
  // Carts, orders, their mails and the shop's analytics: no anonymous visitor's page shows them (a
  // cart is reached through a session, whose pages are never cached), so their writes leave the page
  // cache and the site's menus alone (a checkout would otherwise read the menu again on every page).
  unseenTables: ['sale_order', 'sale_order_line', 'sale_order_mail', 'sale_ecom_event'],
  data: () => (require('./data/sale-data') as typeof import('./data/sale-data')).saleData(),
  demo: () => (require('./demo/sale-demo') as typeof import('./demo/sale-demo')).saleDemo(),
});

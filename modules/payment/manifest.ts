import path from 'node:path';
import { defineManifest } from '@platform/core';

const SIGNED_IN = ['base.group_portal', 'base.group_user'];
const EVERYBODY = ['base.group_public', ...SIGNED_IN];
const MANAGER = 'payment.group_payment_manager';

export default defineManifest({
  name: 'payment',
  version: '1.0.0',
  displayName: 'Online Payment',
  color: '#146c43',
  summary: 'Online payment: pay a reference by card (test processor) or wire transfer, saved cards, providers as a contribution point',
  depends: ['website'],
  autoInstall: false,
  server: () => (require('./server/payment-module') as typeof import('./server/payment-module')).paymentModule,
  web: {
    islands: [
      path.join(__dirname, 'web/islands/card-form.tsx'), path.join(__dirname, 'web/islands/payment-status.tsx'),
      path.join(__dirname, 'web/islands/saved-card-pay.tsx'),
    ],
  },
  migrations: path.join(__dirname, 'migrations'),
  groups: [{ id: MANAGER, name: 'Payment manager', implies: ['base.group_user'] }],
  // Transactions and tokens are written by the payment services only (as the superuser, after their
  // checks); through the ORM, users read their own (rules below) and managers read them all. A
  // transaction's amount, state and references refuse every write but the services' (its write hook).
  access: [
    { model: 'res.currency', read: true },
    { model: 'res.currency', group: MANAGER, read: true, write: true, create: true },
    { model: 'payment.acquirer', read: true },
    { model: 'payment.acquirer', group: MANAGER, read: true, write: true, create: true, unlink: true },
    { model: 'payment.transaction', group: 'base.group_portal', read: true },
    { model: 'payment.transaction', group: 'base.group_user', read: true },
    { model: 'payment.transaction', group: MANAGER, read: true, write: true },
    { model: 'payment.token', group: 'base.group_portal', read: true },
    { model: 'payment.token', group: 'base.group_user', read: true },
    { model: 'payment.token', group: MANAGER, read: true, write: true },
  ],
  rules: [
    { name: 'payment.acquirer: published', model: 'payment.acquirer', groups: EVERYBODY, domain: [['website_published', '=', true]] },
    { name: 'payment.acquirer: managers', model: 'payment.acquirer', groups: [MANAGER], domain: [] },
    { name: 'payment.transaction: own', model: 'payment.transaction', groups: SIGNED_IN, domain: (c) => [['partner_id', '=', c.partnerId ?? 0]] },
    { name: 'payment.transaction: managers', model: 'payment.transaction', groups: [MANAGER], domain: [] },
    { name: 'payment.token: own', model: 'payment.token', groups: SIGNED_IN, domain: (c) => [['partner_id', '=', c.partnerId ?? 0]] },
    { name: 'payment.token: managers', model: 'payment.token', groups: [MANAGER], domain: [] },
  ],
  // Transactions and saved cards: no anonymous visitor's page shows them, so their writes leave the page cache alone.
  unseenTables: ['payment_transaction', 'payment_token'],
  data: () => (require('./data/payment-data') as typeof import('./data/payment-data')).paymentData(),
  demo: () => (require('./demo/payment-demo') as typeof import('./demo/payment-demo')).paymentDemo(),
});

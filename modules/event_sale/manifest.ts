import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'event_sale',
  version: '1.0.0',
  displayName: 'Event tickets in the shop',
  color: '#ad1457',
  infrastructure: true,
  summary: 'Event tickets with a price sold through the shop: a product per ticket, attendees confirmed with their order',
  depends: ['event', 'sale'],
  autoInstall: false,
  server: () => (require('./server/event-sale-module') as typeof import('./server/event-sale-module')).eventSaleModule,
  migrations: path.join(__dirname, 'migrations'),
});

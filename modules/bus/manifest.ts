import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'bus',
  version: '1.0.0',
  displayName: 'Real-time bus',
  color: '#495057',
  infrastructure: true,
  summary: 'Real-time notifications: long-polling and WebSocket, resumable by id, across processes',
  depends: ['base'],
  autoInstall: true,
  server: () => (require('./server/bus-module') as typeof import('./server/bus-module')).busModule,
  migrations: path.join(__dirname, 'migrations'),
  // Notifications and presence: delivered through the bus, never rendered into a cached page.
  unseenTables: ['bus_bus', 'bus_retention', 'bus_presence'],
});

import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'portal',
  version: '1.0.0',
  displayName: 'Customer Portal',
  color: '#087990',
  summary: 'Customer portal: a signed-in user edits their own contact details at /my/account',
  depends: ['website'],
  autoInstall: true,
  server: () => (require('./server/portal-module') as typeof import('./server/portal-module')).portalModule,
  web: {
    islands: [
      path.join(__dirname, 'web/islands/address-selects.tsx'),
    ],
    styles: [path.join(__dirname, 'web/portal.css')],
  },
});

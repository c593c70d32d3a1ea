import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'mail',
  version: '1.1.0',
  displayName: 'Outgoing Mail',
  color: '#495057',
  infrastructure: true,
  summary: 'Outgoing mail: SMTP transport (SMTP_URL) or, without it, an outbox administrators can read',
  depends: ['base'],
  server: () => (require('./server/mail-module') as typeof import('./server/mail-module')).mailModule,
  migrations: path.join(__dirname, 'migrations'),
  // Messages kept when no SMTP server is set (every mail then): only administrators read them.
  unseenTables: ['mail_outbox'],
  access: [
    { model: 'mail.outbox', group: 'base.group_system', read: true, unlink: true },
  ],
});

import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'mail',
  version: '1.2.0',
  displayName: 'Outgoing Mail',
  color: '#495057',
  infrastructure: true,
  summary: 'Outgoing mail: SMTP transport (SMTP_URL) or an outbox; the mail log, the senders and the mailings\' branding in the back office',
  depends: ['base'],
  server: () => (require('./server/mail-module') as typeof import('./server/mail-module')).mailModule,
  migrations: path.join(__dirname, 'migrations'),
  // The mail log, written for every message sent; only mail administrators read it.
  unseenTables: ['mail_outbox', 'mail_site_settings'],
  groups: [
    { id: 'mail.group_mail_admin', name: 'Mail administrator', implies: ['base.group_user'] },
  ],
  access: [
    { model: 'mail.outbox', group: 'base.group_system', read: true, unlink: true },
    { model: 'mail.outbox', group: 'mail.group_mail_admin', read: true, unlink: true },
  ],
});

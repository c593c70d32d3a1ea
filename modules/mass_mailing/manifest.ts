import path from 'node:path';
import { defineManifest } from '@platform/core/manifest';

const ADMIN = { group: 'base.group_system', read: true, write: true, create: true, unlink: true };

export default defineManifest({
  name: 'mass_mailing',
  version: '1.0.0',
  summary: 'Newsletter: mailing lists, subscribe widget, exit popup, unsubscribe page, mailings sent over SMTP',
  depends: ['website', 'mail'],
  autoInstall: true,
  server: () => (require('./server/mass-mailing-module') as typeof import('./server/mass-mailing-module')).massMailingModule,
  migrations: path.join(__dirname, 'migrations'),
  // The send queue, written every few milliseconds while a mailing goes out; no public page shows it.
  unseenTables: ['mail_mass_mailing_recipient'],
  web: {
    islands: [
      path.join(__dirname, 'web/islands/subscribe-widget.tsx'),
      path.join(__dirname, 'web/islands/exit-popup.tsx'),
      path.join(__dirname, 'web/islands/unsubscribe-form.tsx'),
    ],
    styles: [path.join(__dirname, 'web/mass-mailing.css')],
  },
  access: [
    { model: 'mail.mass_mailing.list', ...ADMIN },
    { model: 'mail.mass_mailing.contact', ...ADMIN },
    { model: 'mail.mass_mailing.subscription', ...ADMIN },
    { model: 'mail.mass_mailing', ...ADMIN },
  ],
  demo: () => (require('./demo/mass-mailing-demo') as typeof import('./demo/mass-mailing-demo')).massMailingDemo(),
});

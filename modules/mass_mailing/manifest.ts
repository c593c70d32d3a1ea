import path from 'node:path';
import { defineManifest } from '@platform/core';

const ADMIN = { group: 'base.group_system', read: true, write: true, create: true, unlink: true };
const NEWSLETTER = { group: 'mass_mailing.group_mass_mailing_user', read: true, write: true, create: true, unlink: true };

export default defineManifest({
  name: 'mass_mailing',
  version: '1.1.0',
  displayName: 'Newsletter',
  color: '#a3296c',
  summary: 'Newsletter: mailing lists, subscribe widget, exit popup, unsubscribe page, mailings sent over SMTP',
  // bus: the back office follows a mailing being sent through notifications on its channel.
  depends: ['website', 'mail', 'bus'],
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
  groups: [
    { id: 'mass_mailing.group_mass_mailing_user', name: 'Newsletter user', implies: ['base.group_user'] },
  ],
  access: [
    { model: 'mail.mass_mailing.list', ...NEWSLETTER },
    { model: 'mail.mass_mailing.contact', ...NEWSLETTER },
    { model: 'mail.mass_mailing.subscription', ...NEWSLETTER },
    { model: 'mail.mass_mailing', ...NEWSLETTER },
    { model: 'mail.mass_mailing.list', ...ADMIN },
    { model: 'mail.mass_mailing.contact', ...ADMIN },
    { model: 'mail.mass_mailing.subscription', ...ADMIN },
    { model: 'mail.mass_mailing', ...ADMIN },
  ],
  demo: () => (require('./demo/mass-mailing-demo') as typeof import('./demo/mass-mailing-demo')).massMailingDemo(),
});

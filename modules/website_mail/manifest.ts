import path from 'node:path';
import { defineManifest } from '../../platform/kernel/manifest';

export default defineManifest({
  name: 'website_mail',
  version: '1.0.0',
  summary: 'Follow records by e-mail or with one click, public comments with optional star ratings',
  depends: ['website'],
  autoInstall: true,
  server: () => (require('./server/website-mail-module') as typeof import('./server/website-mail-module')).websiteMailModule,
  migrations: path.join(__dirname, 'migrations'),
  web: {
    islands: [
      path.join(__dirname, 'web/islands/follow-button.tsx'),
      path.join(__dirname, 'web/islands/comments.tsx'),
    ],
    styles: [path.join(__dirname, 'web/website-mail.css')],
  },
  // Followers, messages and ratings are only reached through the routes of this module (which check
  // the record itself with the caller's rights) or by staff; visitors get no model access.
  access: [
    { model: 'mail.followers', group: 'base.group_user', read: true },
    { model: 'mail.followers', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    { model: 'mail.message', group: 'base.group_user', read: true },
    { model: 'mail.message', group: 'website.group_website_publisher', read: true, write: true, unlink: true },
    { model: 'mail.message', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    { model: 'rating.rating', group: 'base.group_user', read: true },
    { model: 'rating.rating', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
  ],
  demo: () => (require('./demo/website-mail-demo') as typeof import('./demo/website-mail-demo')).websiteMailDemo(),
});

import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'website_mail',
  version: '1.1.0',
  displayName: 'Comments and Followers',
  color: '#520dc2',
  summary: 'Follow records by e-mail or with one click, public comments with optional star ratings',
  // mail: comments are mailed to the record's followers.
  depends: ['website', 'mail'],
  autoInstall: true,
  server: () => (require('./server/website-mail-module') as typeof import('./server/website-mail-module')).websiteMailModule,
  migrations: path.join(__dirname, 'migrations'),
  // The queue of comment mails to followers: written on every send, shown on no page.
  unseenTables: ['website_mail_notification'],
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
  // A message is for who may read its record. The ORM's domains cannot follow (model, res_id) to that
  // record's own rules, so internal users get what the site shows anyway: the published comments (and
  // ratings) of website pages, the only threads this module opens. A module opening threads on another
  // model, or storing other messages (live chat lines), ships the rules for them.
  rules: [
    {
      name: 'mail.message: published page comments', model: 'mail.message', groups: ['base.group_user'], operations: ['read'],
      domain: [['model', '=', 'website.page'], ['message_type', '=', 'comment'], ['website_published', '=', true]],
    },
    // Publishers moderate page comments, published or not, and no other message.
    { name: 'mail.message: publishers moderate page comments', model: 'mail.message', groups: ['website.group_website_publisher'], domain: [['model', '=', 'website.page']] },
    { name: 'rating.rating: page ratings', model: 'rating.rating', groups: ['base.group_user'], operations: ['read'], domain: [['res_model', '=', 'website.page']] },
  ],
  demo: () => (require('./demo/website-mail-demo') as typeof import('./demo/website-mail-demo')).websiteMailDemo(),
});

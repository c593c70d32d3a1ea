import path from 'node:path';
import { defineManifest } from '@platform/core';

const SIGNED_IN = ['base.group_portal', 'base.group_user'];
const EVERYBODY = ['base.group_public', ...SIGNED_IN];

export default defineManifest({
  name: 'forum',
  version: '1.1.0',
  displayName: 'Forum',
  color: '#6f42c1',
  summary: 'Forum: questions, answers, votes, flags, favourites, tags and karma',
  // website: pages and the theme; website_mail: follow a question; mail: the mail queue of notifications;
  // bus: notifications pushed to followers.
  depends: ['website', 'website_mail', 'mail', 'bus'],
  server: () => (require('./server/forum-module') as typeof import('./server/forum-module')).forumModule,
  migrations: path.join(__dirname, 'migrations'),
  // The moderators' digest mails: a send queue no visitor's page shows.
  unseenTables: ['forum_moderation_digest'],
  web: {
    islands: [
      path.join(__dirname, 'web/islands/post-actions.tsx'), path.join(__dirname, 'web/islands/validation-notice.tsx'),
      path.join(__dirname, 'web/islands/post-editor.tsx'), path.join(__dirname, 'web/islands/tag-selector.tsx'),
      path.join(__dirname, 'web/islands/forum-notifications.tsx'), path.join(__dirname, 'web/islands/ask-form.tsx'),
      path.join(__dirname, 'web/islands/answer-form.tsx'), path.join(__dirname, 'web/islands/edit-form.tsx'),
    ],
  },
  // Everybody reads forums, tags, reasons and the posts the rules below let them see. Posts, votes
  // and tags are written by the forum's services only, after their karma checks (as the superuser):
  // no group but administrators may write them through the ORM, so call_kw cannot skip a threshold.
  access: [
    { model: 'forum.forum', read: true },
    { model: 'forum.forum', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    { model: 'forum.post', read: true },
    { model: 'forum.post', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    { model: 'forum.tag', read: true },
    { model: 'forum.tag', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    { model: 'forum.post.reason', read: true },
    { model: 'forum.post.reason', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    { model: 'forum.post.vote', group: 'base.group_portal', read: true },
    { model: 'forum.post.vote', group: 'base.group_user', read: true },
    { model: 'forum.post.vote', group: 'base.group_system', read: true, write: true, create: true, unlink: true },
    // Notifications are written by ForumNotifications only; each user reads their own (rule below).
    { model: 'forum.notification', group: 'base.group_portal', read: true },
    { model: 'forum.notification', group: 'base.group_user', read: true },
    // Karma set by hand: written by the res.users write hook, read by administrators (all rights).
    { model: 'forum.karma.tracking', group: 'base.group_system', read: true },
  ],
  rules: [
    { name: 'forum.forum: active forums', model: 'forum.forum', groups: EVERYBODY, domain: [['active', '=', true]] },
    // Visitors and users read the active and closed posts of active forums, and their own pending ones;
    // moderators reach the rest through the moderation queues, which check their karma.
    {
      name: 'forum.post: visible posts', model: 'forum.post', groups: EVERYBODY,
      domain: (c) => [['forum_id.active', '=', true], ['active', '=', true], '|', ['state', 'in', ['active', 'close']], ['create_uid', '=', c.uid]],
    },
    { name: 'forum.post.vote: own votes', model: 'forum.post.vote', groups: SIGNED_IN, domain: (c) => [['user_id', '=', c.uid]] },
    { name: 'forum.notification: own notifications', model: 'forum.notification', groups: SIGNED_IN, domain: (c) => [['partner_id', '=', c.partnerId ?? 0]] },
  ],
  data: () => (require('./data/forum-data') as typeof import('./data/forum-data')).forumData(),
  demo: () => (require('./demo/forum-demo') as typeof import('./demo/forum-demo')).forumDemo(),
});

import path from 'node:path';
import { defineManifest, type Domain } from '@platform/core';

const MANAGER = 'slides.group_slide_manager';
const PUBLISHER = 'website.group_website_publisher';
const SIGNED_IN = ['base.group_portal', 'base.group_user'];
const EVERYBODY = ['base.group_public', ...SIGNED_IN];
const FULL = { read: true, write: true, create: true, unlink: true };
const MODELS = ['slide.channel', 'slide.category', 'slide.tag', 'slide.slide'];

/**
 * A channel the caller sees: public and partial ones, and private ones of a group they belong to, directly
 * or through a group implying it (one step: a publisher is an employee; from a slide the path is then
 * MAX_PATH_HOPS relations long, the most a domain may take). A group two implications away (a designer)
 * is added to the channel's groups itself.
 */
const channelVisible = (uid: number, prefix = ''): Domain => [
  '|', '|', [`${prefix}visibility`, 'in', ['public', 'partial']], [`${prefix}group_ids.users`, 'in', [uid]],
  [`${prefix}group_ids.slide_implied_by_ids.users`, 'in', [uid]],
];

export default defineManifest({
  name: 'slides',
  version: '1.0.0',
  displayName: 'Slides',
  color: '#00695c',
  summary: 'Slide channels: presentations, documents, infographics and videos; votes, share by e-mail, embed, upload',
  // website: pages, the theme, the publisher group; mail: the transport of share-by-e-mail.
  depends: ['website', 'mail'],
  server: () => (require('./server/slides-module') as typeof import('./server/slides-module')).slidesModule,
  web: {
    islands: [
      path.join(__dirname, 'web/islands/pdf-viewer.tsx'), path.join(__dirname, 'web/islands/slide-actions.tsx'),
      path.join(__dirname, 'web/islands/upload-dialog.tsx'), path.join(__dirname, 'web/islands/video-player.tsx'),
    ],
    styles: [path.join(__dirname, 'web/slides.css')],
  },
  migrations: path.join(__dirname, 'migrations'),
  groups: [{ id: MANAGER, name: 'Slides manager', implies: [PUBLISHER] }],
  // Share mails are written by the queue only: no public page shows them.
  unseenTables: ['slide_share_mail', 'slide_embed', 'slide_vote'],
  // Everybody reads what the rules below let them see; slides, votes and counters are written by the
  // module's services after their checks (uploads, votes), as the superuser. Managers edit everything.
  access: [
    ...MODELS.map((model) => ({ model, read: true })),
    ...MODELS.map((model) => ({ model, group: MANAGER, ...FULL })),
    ...MODELS.map((model) => ({ model, group: 'base.group_system', ...FULL })),
    { model: 'slide.vote', group: 'base.group_portal', read: true },
    { model: 'slide.vote', group: 'base.group_user', read: true },
    { model: 'slide.vote', group: MANAGER, read: true, unlink: true },
    { model: 'slide.vote', group: 'base.group_system', read: true, unlink: true },
    { model: 'slide.embed', group: MANAGER, read: true, unlink: true },
    { model: 'slide.embed', group: 'base.group_system', read: true, unlink: true },
  ],
  rules: [
    // Visitors and portal users: published channels they may see; internal users also unpublished ones.
    { name: 'slide.channel: visible channels', model: 'slide.channel', groups: ['base.group_public', 'base.group_portal'], domain: (c) => [['website_published', '=', true], ...channelVisible(c.uid)] },
    { name: 'slide.channel: visible channels (employees)', model: 'slide.channel', groups: ['base.group_user'], domain: (c) => channelVisible(c.uid) },
    { name: 'slide.channel: managers see all', model: 'slide.channel', groups: [MANAGER], domain: [] },
    { name: 'slide.category: of visible channels', model: 'slide.category', groups: EVERYBODY, domain: (c) => channelVisible(c.uid, 'channel_id.') },
    { name: 'slide.category: managers see all', model: 'slide.category', groups: [MANAGER], domain: [] },
    // Slides: in a visible channel, and published (or one's own upload); publishers see the unpublished ones too.
    {
      name: 'slide.slide: published slides of visible channels', model: 'slide.slide', groups: EVERYBODY,
      domain: (c) => [['channel_id.website_published', '=', true], ...channelVisible(c.uid, 'channel_id.'), '|', ['website_published', '=', true], ['create_uid', '=', c.uid]],
    },
    { name: 'slide.slide: publishers see unpublished slides', model: 'slide.slide', groups: [PUBLISHER], domain: (c) => channelVisible(c.uid, 'channel_id.') },
    { name: 'slide.slide: managers see all', model: 'slide.slide', groups: [MANAGER], domain: [] },
    { name: 'slide.vote: own votes', model: 'slide.vote', groups: SIGNED_IN, domain: (c) => [['user_id', '=', c.uid]] },
    { name: 'slide.vote: managers see all', model: 'slide.vote', groups: [MANAGER], domain: [] },
  ],
  demo: async () => (await (require('./demo/slides-demo') as typeof import('./demo/slides-demo')).slidesDemo()),
});

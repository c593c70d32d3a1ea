import path from 'node:path';
import { defineManifest } from '@platform/core';

const USER = 'link_tracker.group_link_tracker_user';
const MANAGER = 'link_tracker.group_link_tracker_manager';

export default defineManifest({
  name: 'link_tracker',
  version: '1.4.0',
  displayName: 'Link Tracker',
  color: '#0a58ca',
  summary: 'Short links with UTM campaigns, fast redirects and click statistics',
  depends: ['website'],
  // Installed with the site, so `npm start` has the short links and their demo statistics.
  autoInstall: true,
  server: () => (require('./server/link-tracker-module') as typeof import('./server/link-tracker-module')).linkTrackerModule,
  web: {
    islands: [
      path.join(__dirname, 'web/islands/link-form.tsx'),
      path.join(__dirname, 'web/islands/link-stats.tsx'),
    ],
    styles: [path.join(__dirname, 'web/link_tracker.css')],
  },
  migrations: path.join(__dirname, 'migrations'),
  // Every click flush writes these; only link tracker users see them.
  unseenTables: ['link_tracker_click', 'link_tracker', 'link_tracker_click_rollup', 'link_tracker_click_journal', 'link_tracker_visitor'],
  groups: [
    // Granted explicitly (administrators have it through their all-rights group): a short link is a
    // redirect published under the site's own domain, not something every account should mint.
    { id: USER, name: 'Link tracker user', implies: ['base.group_user'] },
    { id: MANAGER, name: 'Link tracker manager', implies: [USER] },
  ],
  access: [
    { model: 'utm.campaign', group: USER, read: true, create: true },
    { model: 'utm.medium', group: USER, read: true, create: true },
    { model: 'utm.source', group: USER, read: true, create: true },
    // Links and codes are written through /website_links/* only (URL checks, codes, cache invalidation).
    { model: 'link.tracker', group: USER, read: true },
    { model: 'link.tracker.code', group: USER, read: true },
    // Clicks are recorded by the redirect itself, for anyone; reading them is for statistics.
    { model: 'link.tracker.click', group: USER, read: true },
  ],
  // A link, its codes and its clicks belong to the user who made it; managers (and administrators) see
  // every link, e.g. the newsletter's, which the server makes on its own authority.
  rules: [
    { name: 'link.tracker: own links', model: 'link.tracker', groups: [USER], domain: (c) => [['create_uid', '=', c.uid]] },
    { name: 'link.tracker.code: codes of own links', model: 'link.tracker.code', groups: [USER], domain: (c) => [['link_id.create_uid', '=', c.uid]] },
    { name: 'link.tracker.click: clicks of own links', model: 'link.tracker.click', groups: [USER], domain: (c) => [['link_id.create_uid', '=', c.uid]] },
    { name: 'link.tracker: managers see all', model: 'link.tracker', groups: [MANAGER], domain: [] },
    { name: 'link.tracker.code: managers see all', model: 'link.tracker.code', groups: [MANAGER], domain: [] },
    { name: 'link.tracker.click: managers see all', model: 'link.tracker.click', groups: [MANAGER], domain: [] },
  ],
  demo: () => (require('./demo/link-tracker-demo') as typeof import('./demo/link-tracker-demo')).linkTrackerDemo(),
});

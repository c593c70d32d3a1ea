import path from 'node:path';
import { defineManifest } from '@platform/core';

export default defineManifest({
  name: 'website',
  version: '1.0.0',
  displayName: 'Website',
  color: '#0b5ed7',
  summary: 'The public site: home page, layout and website pages',
  depends: ['base'],
  autoInstall: true,
  server: () => (require('./server/website-module') as typeof import('./server/website-module')).websiteModule,
  web: {
    islands: [
      path.join(__dirname, 'web/islands/publish-toggle.tsx'),
      path.join(__dirname, 'web/islands/share-buttons.tsx'),
      path.join(__dirname, 'web/islands/gallery.tsx'),
      path.join(__dirname, 'web/islands/image-zoom.tsx'),
      path.join(__dirname, 'web/islands/page-editor.tsx'),
      path.join(__dirname, 'web/islands/translation-editor.tsx'),
    ],
    styles: [path.join(__dirname, 'web/website.css'), path.join(__dirname, 'web/editor.css')],
  },
  migrations: path.join(__dirname, 'migrations'),
  groups: [
    { id: 'website.group_website_publisher', name: 'Website publisher', implies: ['base.group_user'] },
    { id: 'website.group_website_designer', name: 'Website designer', implies: ['website.group_website_publisher'] },
  ],
  access: [
    { model: 'website.page', read: true },
    { model: 'website.page', group: 'website.group_website_publisher', read: true, write: true, create: true },
    { model: 'website.page', group: 'website.group_website_designer', read: true, write: true, create: true, unlink: true },
    // Translations of pages' texts: publishers translate (visitors' pages read them through the page).
    { model: 'website.page.term', group: 'website.group_website_publisher', read: true, write: true, create: true, unlink: true },
    // The menu is part of the page: publishers add, rename, reorder and remove its entries.
    { model: 'website.menu', read: true },
    { model: 'website.menu', group: 'website.group_website_publisher', read: true, write: true, create: true, unlink: true },
    // A page's saved versions: designers list and restore them (PageHistory writes them, as the system).
    { model: 'website.page.version', group: 'website.group_website_designer', read: true },
    // Old URLs: publishers rename pages (which redirects the old URL) and keep the list; visitors never read it.
    { model: 'website.redirect', group: 'website.group_website_publisher', read: true, write: true, create: true, unlink: true },
    // Images uploaded in the editor (ir.attachment is base's; what visitors read is decided by base's rules).
    { model: 'ir.attachment', group: 'website.group_website_publisher', read: true, write: true, create: true },
    { model: 'ir.attachment', group: 'website.group_website_designer', read: true, write: true, create: true, unlink: true },
  ],
  rules: [
    // Visitors and ordinary users see published pages only; publishers see them all.
    { name: 'website.page: published only', model: 'website.page', groups: ['base.group_public', 'base.group_portal', 'base.group_user'], domain: [['website_published', '=', true]], operations: ['read'] },
    { name: 'website.page: publishers see all', model: 'website.page', groups: ['website.group_website_publisher'], domain: [], operations: ['read'] },
  ],
  // Redirect hits are counted in batches: not a change of what pages show.
  unseenTables: ['website_redirect_hit'],
  data: () => (require('./data/website-data') as typeof import('./data/website-data')).websiteData(),
  demo: () => (require('./demo/website-demo') as typeof import('./demo/website-demo')).websiteDemo(),
});

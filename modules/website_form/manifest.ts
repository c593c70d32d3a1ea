import path from 'node:path';
import { defineManifest } from '@platform/core';

const ADMIN = 'base.group_system';
const USER = 'base.group_user';

export default defineManifest({
  name: 'website_form',
  version: '1.0.0',
  displayName: 'Website Forms',
  color: '#6d4c41',
  summary: 'Website forms: a Form block for pages, posting to the models an administrator opened to forms (contact requests, contacts)',
  depends: ['website', 'mail'],
  // The site's contact page is built with it: installed with the website.
  autoInstall: true,
  server: () => (require('./server/website-form-module') as typeof import('./server/website-form-module')).websiteFormModule,
  web: {
    islands: [path.join(__dirname, 'web/islands/website-form.tsx'), path.join(__dirname, 'web/islands/form-block-options.tsx')],
    styles: [path.join(__dirname, 'web/website-form.css')],
  },
  migrations: path.join(__dirname, 'migrations'),
  // Visitors have no ORM access to any of these: the endpoint writes after the whitelist. Internal users
  // handle contact requests; administrators decide which models and fields forms reach.
  access: [
    { model: 'website.form.model', group: USER, read: true },
    { model: 'website.form.model', group: ADMIN, read: true, write: true, create: true, unlink: true },
    { model: 'website.form.lead', group: USER, read: true, write: true },
    { model: 'website.form.lead', group: ADMIN, read: true, write: true, create: true, unlink: true },
    { model: 'website.form.block', group: USER, read: true },
    { model: 'website.form.block', group: ADMIN, read: true, write: true, create: true, unlink: true },
    { model: 'website.form.block.field', group: USER, read: true },
    { model: 'website.form.block.field', group: ADMIN, read: true, write: true, create: true, unlink: true },
  ],
  rules: [
    // The files visitors sent with contact requests and with the contacts forms create (base lets
    // internal users read public attachments and their own); the route checks the record too.
    {
      name: 'ir.attachment: files sent with website forms', model: 'ir.attachment', groups: [USER], operations: ['read'],
      domain: (c) => [['res_model', 'in', ['website.form.lead', 'res.partner']], '|', ['website_id', '=', false], ['website_id', '=', c.siteId ?? 0]],
    },
    // A contact request belongs to the site it was sent on: internal users see their own site's
    // requests and those of no site (administrators see all).
    {
      name: 'website.form.lead: requests of the user\'s site', model: 'website.form.lead', groups: [USER],
      domain: (c) => ['|', ['website_id', '=', false], ['website_id', '=', c.siteId ?? 0]],
    },
  ],
  data: () => (require('./data/website-form-data') as typeof import('./data/website-form-data')).websiteFormData(),
  demo: () => (require('./demo/website-form-demo') as typeof import('./demo/website-form-demo')).websiteFormDemo(),
});

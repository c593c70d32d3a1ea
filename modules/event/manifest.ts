import path from 'node:path';
import { defineManifest } from '@platform/core';

const MANAGER = 'event.group_event_manager';
const OUTSIDERS = ['base.group_public', 'base.group_portal'];
const PUBLIC_MODELS = ['event.type', 'event.event', 'event.event.ticket', 'event.track', 'event.track.tag', 'event.track.location'];

export default defineManifest({
  name: 'event',
  version: '1.0.0',
  displayName: 'Events',
  color: '#c2185b',
  summary: 'Events: list with filters, registration with attendee modal, seats and tickets, confirmation mails, tracks and agenda (/event)',
  depends: ['website', 'mail'],
  autoInstall: false,
  server: () => (require('./server/event-module') as typeof import('./server/event-module')).eventModule,
  web: {
    islands: [
      path.join(__dirname, 'web/islands/registration-form.tsx'), path.join(__dirname, 'web/islands/track-search.tsx'),
      path.join(__dirname, 'web/islands/country-events.tsx'), path.join(__dirname, 'web/islands/proposal-form.tsx'),
    ],
  },
  migrations: path.join(__dirname, 'migrations'),
  groups: [{ id: MANAGER, name: 'Event manager', implies: ['base.group_user'] }],
  // Everybody reads events, tickets and published tracks (visitors and portal users: of published events
  // only, by the rules below); event managers edit them. Registrations hold people's details: the site
  // writes them through its service (as the superuser after its checks); internal users read them,
  // managers check attendees in; a signed-in user reads the ones they booked.
  access: [
    ...PUBLIC_MODELS.flatMap((model) => [
      { model, read: true },
      { model, group: MANAGER, read: true, write: true, create: true, unlink: true },
    ]),
    { model: 'event.registration', group: 'base.group_user', read: true },
    { model: 'event.registration', group: 'base.group_portal', read: true },
    { model: 'event.registration', group: MANAGER, read: true, write: true, create: true, unlink: true },
  ],
  rules: [
    { name: 'event.event: published', model: 'event.event', groups: OUTSIDERS, operations: ['read'], domain: [['website_published', '=', true]] },
    { name: 'event.event.ticket: of published events', model: 'event.event.ticket', groups: OUTSIDERS, operations: ['read'], domain: [['event_id.website_published', '=', true]] },
    {
      name: 'event.track: published', model: 'event.track', groups: OUTSIDERS, operations: ['read'],
      domain: [['state', '=', 'published'], ['event_id.website_published', '=', true]],
    },
    { name: 'event.registration: own', model: 'event.registration', groups: ['base.group_portal'], domain: (c) => [['partner_id', '=', c.partnerId ?? 0]] },
  ],
  unseenTables: ['event_registration_mail'],
  demo: () => (require('./demo/event-demo') as typeof import('./demo/event-demo')).eventDemo(),
});

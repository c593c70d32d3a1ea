import { ref, type DataRecord } from '@platform/core';
import { utcText } from '@platform/common';

export const DEMO_COUNTRY_CODES = ['be', 'fr', 'us', 'de', 'in'];

const DAY = 86_400_000;
/** A moment `days` from today at `hour`:`minute` UTC. */
const at = (days: number, hour: number, minute = 0) => {
  const d = new Date();
  return utcText(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, minute) + days * DAY);
};
const day = (days: number) => at(days, 0).slice(0, 10);

interface DemoEvent {
  key: string; name: string; type: string; begin: [number, number]; end: [number, number]; tz: string; country?: string; city?: string; venue?: string;
  street?: string; zip?: string; limited?: number; state?: string; published?: boolean; tracks?: boolean; description: string;
}

const EVENTS: DemoEvent[] = [
  { key: 'conference', name: 'Conference on Business Apps', type: 'conference', begin: [20, 7], end: [22, 16], tz: 'Europe/Brussels', country: 'be', city: 'Brussels', venue: 'Square Brussels Meeting Centre', street: 'Mont des Arts', zip: '1000', limited: 500, tracks: true, description: '<p>Three days of talks, workshops and demos on business applications: <strong>keynotes</strong>, customer stories and a partner village.</p>' },
  { key: 'openday', name: 'Open Day', type: 'openday', begin: [3, 8], end: [3, 15], tz: 'Europe/Paris', country: 'fr', city: 'Paris', venue: 'Station F', street: '5 Parvis Alan Turing', zip: '75013', limited: 12, description: '<p>Visit our offices, meet the team and see the product live. <em>Seats are limited.</em></p>' },
  { key: 'webinar', name: 'Webinar: What is new this quarter', type: 'webinar', begin: [6, 15], end: [6, 16], tz: 'UTC', description: '<p>An hour online with the product team: the new features and your questions.</p>' },
  { key: 'training', name: 'Functional Training', type: 'training', begin: [10, 14], end: [12, 21], tz: 'America/New_York', country: 'us', city: 'New York', venue: 'Training Center', street: '350 5th Ave', zip: '10118', limited: 30, description: '<p>Three days to learn the applications hands-on, with exercises and a certificate.</p>' },
  { key: 'meetup', name: 'Berlin Developer Meetup', type: 'conference', begin: [35, 17], end: [35, 20], tz: 'Europe/Berlin', country: 'de', city: 'Berlin', venue: 'Factory Görlitzer Park', street: 'Lohmühlenstraße 65', zip: '12435', description: '<p>Lightning talks by developers for developers, then drinks.</p>' },
  { key: 'tour', name: 'Partner Tour Mumbai', type: 'conference', begin: [50, 4], end: [50, 12], tz: 'Asia/Kolkata', country: 'in', city: 'Mumbai', venue: 'Trident Nariman Point', street: 'Nariman Point', zip: '400021', limited: 200, description: '<p>Our partner tour stops in Mumbai: roadmap, partner awards and networking.</p>' },
  { key: 'soldout', name: 'Masterclass: Advanced Reporting', type: 'training', begin: [8, 8], end: [8, 16], tz: 'Europe/Brussels', country: 'be', city: 'Louvain-la-Neuve', venue: 'Grand Rosière', limited: 2, description: '<p>A day with our reporting experts. A tiny room: this one is sold out.</p>' },
  { key: 'draft', name: 'Summer Party (in preparation)', type: 'openday', begin: [60, 16], end: [60, 22], tz: 'Europe/Brussels', country: 'be', city: 'Brussels', state: 'draft', published: false, description: '<p>Not announced yet: only employees see it.</p>' },
  { key: 'past_conf', name: 'Conference on Business Apps (last year)', type: 'conference', begin: [-340, 7], end: [-338, 16], tz: 'Europe/Brussels', country: 'be', city: 'Brussels', venue: 'Square Brussels Meeting Centre', state: 'done', limited: 400, description: '<p>Last year\'s edition.</p>' },
  { key: 'past_webinar', name: 'Webinar: Getting started', type: 'webinar', begin: [-20, 15], end: [-20, 16], tz: 'UTC', state: 'done', description: '<p>Recorded: the first steps with the applications.</p>' },
];

const TYPES: Array<[string, string]> = [['conference', 'Conference'], ['training', 'Training'], ['webinar', 'Webinar'], ['openday', 'Open day']];

const TRACKS: Array<{ key: string; name: string; speaker: string; day: number; hour: number; minute?: number; duration: number; room: string; tags: string[]; state?: string; description: string }> = [
  { key: 'keynote', name: 'Keynote: the year ahead', speaker: 'Fabien Pinckaers', day: 20, hour: 7, duration: 1, room: 'main', tags: ['keynote'], description: 'The product vision and what comes next.' },
  { key: 'crm', name: 'Selling more with CRM', speaker: 'Ada Lovelace', day: 20, hour: 8, duration: 1.5, room: 'main', tags: ['business'], description: 'Pipelines, forecasts and follow-ups that close deals.' },
  { key: 'api', name: 'The API in practice', speaker: 'Grace Hopper', day: 20, hour: 8, duration: 1, room: 'lab', tags: ['technical'], description: 'Calling the platform from your own code: JSON-RPC, domains and access rights.' },
  { key: 'perf', name: 'Performance tuning', speaker: 'Linus Torvalds', day: 20, hour: 9, duration: 1, room: 'lab', tags: ['technical'], description: 'Indexes, queries and caches: making pages fast.' },
  { key: 'inventory', name: 'Inventory done right', speaker: 'Margaret Hamilton', day: 21, hour: 7, duration: 1, room: 'main', tags: ['business'], description: 'Routes, reordering rules and barcodes in the warehouse.' },
  { key: 'website', name: 'Building your website', speaker: 'Tim Berners-Lee', day: 21, hour: 7, minute: 30, duration: 1, room: 'lab', tags: ['technical', 'website'], description: 'Pages, blocks, menus and the shop in an afternoon.' },
  { key: 'closing', name: 'Closing panel', speaker: 'Katherine Johnson', day: 22, hour: 14, duration: 1, room: 'main', tags: ['keynote'], description: 'Customers tell what changed for them.' },
  { key: 'proposal', name: 'A talk proposal under review', speaker: 'Alan Turing', day: 22, hour: 10, duration: 1, room: 'lab', tags: ['technical'], state: 'draft', description: 'Proposed through the site: organisers review it in the back office.' },
];

/**
 * Upcoming and past events in five countries and online (a sold-out one, an unpublished draft), tickets
 * (free, paid, expired), attendees, and the conference's talks on a two-room agenda.
 */
export function eventDemo(): DataRecord[] {
  const r: DataRecord[] = [];
  for (const [key, name] of TYPES) r.push({ id: `type_${key}`, model: 'event.type', values: { name } });
  for (const e of EVENTS) {
    r.push({
      id: `event_${e.key}`, model: 'event.event',
      values: {
        name: e.name, event_type_id: ref(`event.type_${e.type}`), date_begin: at(e.begin[0], e.begin[1]), date_end: at(e.end[0], e.end[1]), date_tz: e.tz,
        state: e.state ?? 'confirm', website_published: e.published ?? true, seats_availability: e.limited ? 'limited' : 'unlimited', seats_max: e.limited ?? 0,
        country_id: e.country ? ref(`event.country_${e.country}`) : false, city: e.city ?? false, address_name: e.venue ?? false, street: e.street ?? false, zip: e.zip ?? false,
        description: e.description, organizer_email: 'events@example.com', website_track: Boolean(e.tracks), website_track_proposal: Boolean(e.tracks),
      },
    });
  }
  // The conference sells tickets (their price goes through the shop when it is installed), one of them no longer on sale.
  r.push({ id: 'ticket_conference_standard', model: 'event.event.ticket', values: { event_id: ref('event.event_conference'), name: 'Standard', price: 1000, seats_max: 400, sequence: 1 } });
  r.push({ id: 'ticket_conference_vip', model: 'event.event.ticket', values: { event_id: ref('event.event_conference'), name: 'VIP', price: 1500, seats_max: 50, sequence: 2 } });
  r.push({ id: 'ticket_conference_early', model: 'event.event.ticket', values: { event_id: ref('event.event_conference'), name: 'Early bird', price: 800, deadline: day(-3), sequence: 0 } });
  r.push({ id: 'ticket_training_free', model: 'event.event.ticket', values: { event_id: ref('event.event_training'), name: 'Community seat', price: 0, seats_max: 10, sequence: 1 } });
  r.push({ id: 'ticket_training_student', model: 'event.event.ticket', values: { event_id: ref('event.event_training'), name: 'Student seat', price: 0, seats_max: 20, sequence: 2 } });
  const attendees: Array<[string, string, string, string]> = [
    ['openday', 'Marie Curie', 'marie@example.com', 'open'], ['openday', 'Pierre Curie', 'pierre@example.com', 'open'], ['openday', 'Ada Byron', 'ada@example.com', 'open'],
    ['openday', 'Niels Bohr', 'niels@example.com', 'open'], ['openday', 'Lise Meitner', 'lise@example.com', 'cancel'],
    ['soldout', 'Emmy Noether', 'emmy@example.com', 'open'], ['soldout', 'Paul Dirac', 'paul@example.com', 'open'],
    ['past_conf', 'Rosalind Franklin', 'rosalind@example.com', 'done'], ['past_conf', 'Max Planck', 'max@example.com', 'done'], ['past_conf', 'Erwin Schrodinger', 'erwin@example.com', 'cancel'],
    ['webinar', 'Dorothy Vaughan', 'dorothy@example.com', 'open'],
  ];
  attendees.forEach(([event, name, email, state], i) => r.push({
    id: `registration_${i}`, model: 'event.registration',
    values: { event_id: ref(`event.event_${event}`), name, email, state, origin: 'demo', date_open: at(-1, 9) },
  }));
  for (const [key, name] of [['main', 'Main hall'], ['lab', 'Lab room']]) r.push({ id: `room_${key}`, model: 'event.track.location', values: { name } });
  for (const tag of ['keynote', 'business', 'technical', 'website']) r.push({ id: `tag_${tag}`, model: 'event.track.tag', values: { name: tag[0].toUpperCase() + tag.slice(1) } });
  for (const t of TRACKS) {
    r.push({
      id: `track_${t.key}`, model: 'event.track',
      values: {
        event_id: ref('event.event_conference'), name: t.name, partner_name: t.speaker, partner_email: `${t.key}@example.com`, date: at(t.day, t.hour, t.minute ?? 0),
        duration: t.duration, location_id: ref(`event.room_${t.room}`), tag_ids: [[6, 0, t.tags.map((g) => ref(`event.tag_${g}`))]], state: t.state ?? 'published',
        description: t.description, partner_biography: `${t.speaker} speaks about this every year.`,
      },
    });
  }
  return r;
}

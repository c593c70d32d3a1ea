import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { EVENT_MODEL, TRACK_MODEL } from '../index';
import { dateDomain, EventListing } from '../server/services/event-listing';
import { makeEvent } from './event-fixture';

/**
 * Days are the event's own (date_tz), not UTC's: the agenda's day buckets and the list's date filters.
 * The instant used: Tuesday 10 March 2026 02:00 UTC, still Monday 9 March 22:00 in New York (UTC-4).
 */
describe('event: days in the event\'s time zone', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  const now = new Date('2026-03-10T02:00:00Z');
  let type = 0;

  before(async () => {
    tk = await bootTestKernel({ modules: ['event'], http: true });
    const env = tk.sudo();
    type = await env.model('event.type').create({ name: 'Zoned' });
    // Monday evening in New York, after midnight UTC: today for New York.
    await makeEvent(env, { name: 'NY evening', date_tz: 'America/New_York', event_type_id: type, date_begin: '2026-03-10 01:00:00', date_end: '2026-03-10 03:30:00' });
    // Tuesday morning in New York: tomorrow there, though the same UTC day as now.
    await makeEvent(env, { name: 'NY tomorrow', date_tz: 'America/New_York', event_type_id: type, date_begin: '2026-03-10 14:00:00', date_end: '2026-03-10 16:00:00' });
    // Tuesday in UTC: today in UTC.
    await makeEvent(env, { name: 'UTC today', date_tz: 'UTC', event_type_id: type, date_begin: '2026-03-10 09:00:00', date_end: '2026-03-10 10:00:00' });
  });
  after(async () => tk?.stop());

  it('puts an event in "Today" by its own calendar day, in the list and in its counts', async () => {
    const listing = tk.get(EventListing);
    const today = await listing.list(tk.sudo(), { date: 'today', type: String(type), country: 'all', page: 1 }, now);
    expect(today.events.map((e) => e.name).sort()).to.deep.equal(['NY evening', 'UTC today']);
    expect(today.dates.find((d) => d.id === 'today')!.count).to.equal(2);
    expect(today.dates.find((d) => d.id === 'all')!.count).to.equal(3);
    // The domain (for ORM callers) agrees with the SQL of the counts.
    const zones = ['America/New_York', 'UTC'];
    const count = await tk.sudo().model(EVENT_MODEL).search_count([['event_type_id', '=', type], ...dateDomain('today', now, zones)]);
    expect(count).to.equal(2);
  });

  it('groups talks on the agenda by the event\'s day even when they cross midnight UTC', async () => {
    const env = tk.sudo();
    const id = await makeEvent(env, { name: 'Late night', date_tz: 'America/New_York', website_track: true, date_begin: '2030-03-11 20:00:00', date_end: '2030-03-12 05:00:00' });
    // 18:00 and 22:00 in New York on Monday 11 March 2030 are 22:00 UTC and 02:00 UTC the next day.
    await env.model(TRACK_MODEL).create({ event_id: id, name: 'Evening keynote', date: '2030-03-11 22:00:00', duration: 1, state: 'published' });
    await env.model(TRACK_MODEL).create({ event_id: id, name: 'Night session', date: '2030-03-12 02:00:00', duration: 1, state: 'published' });
    const html = await (await fetch(`${tk.url}/event/late-night-${id}/agenda`)).text();
    const days = [...html.matchAll(/<h2 class="h5">([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(days).to.deep.equal(['Monday, March 11']);
    expect(html).to.contain('Evening keynote').and.contain('Night session').and.contain('6:00 PM').and.contain('10:00 PM');
  });
});

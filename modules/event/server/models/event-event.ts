import { UserError } from '@platform/core';
import { defineModel, fields, type Env } from '@platform/orm';
import { EVENT_STATES, SEATS_AVAILABILITY, isTimeZone } from '../../common/event-rules';
import { countByState } from './event-seats-sql';

export const EVENT_MODEL = 'event.event';

const count = (state: string) => async (record: Record<string, unknown>, env: Env) => (await countByState(env, 'event_id', Number(record.id)))[state] ?? 0;

/** End after begin, a real time zone, limited events have a maximum, and never fewer seats than are taken. */
async function checkEvent(env: Env, ids: number[]): Promise<void> {
  const rows = await env.sudo().model(EVENT_MODEL).read(ids, ['date_begin', 'date_end', 'date_tz', 'seats_availability', 'seats_max']);
  for (const r of rows) {
    if (String(r.date_end) < String(r.date_begin)) throw new UserError('The closing date cannot be earlier than the beginning date.');
    if (!isTimeZone(String(r.date_tz))) throw new UserError(`Unknown time zone: ${String(r.date_tz)}.`);
    if (r.seats_availability === 'limited' && !(Number(r.seats_max) > 0)) throw new UserError('A limited event needs a maximum number of seats (1 or more).');
    if (Number(r.seats_max) < 0) throw new UserError('The number of seats cannot be negative.');
  }
}

/**
 * An event: dates in UTC shown in its time zone, a state, seats (unlimited, or limited to seats_max;
 * the counts come from its registrations), a place and a country (none: online), published or not.
 * Visitors and portal users see published events only (the manifest's rule).
 */
export const EventEvent = defineModel({
  name: EVENT_MODEL,
  description: 'Event',
  order: 'date_begin, id',
  publishable: true,
  fields: {
    name: fields.char({ required: true, size: 256, string: 'Event' }),
    event_type_id: fields.many2one('event.type', { ondelete: 'set null', string: 'Type' }),
    date_begin: fields.datetime({ required: true, string: 'Start' }),
    date_end: fields.datetime({ required: true, string: 'End' }),
    date_tz: fields.char({ required: true, size: 64, default: 'UTC', string: 'Time zone' }),
    state: fields.selection(EVENT_STATES, { required: true, default: 'draft', string: 'Status' }),
    auto_confirm: fields.boolean({ default: true, string: 'Confirm registrations at once' }),
    seats_availability: fields.selection(SEATS_AVAILABILITY, { required: true, default: 'unlimited', string: 'Seats' }),
    seats_max: fields.integer({ default: 0, string: 'Maximum seats' }),
    seats_reserved: fields.integer({ readonly: true, string: 'Confirmed', compute: count('open') }),
    seats_used: fields.integer({ readonly: true, string: 'Attended', compute: count('done') }),
    seats_unconfirmed: fields.integer({ readonly: true, string: 'Unconfirmed', compute: count('draft') }),
    address_name: fields.char({ size: 256, string: 'Venue' }),
    street: fields.char({ size: 256, string: 'Street' }),
    zip: fields.char({ size: 32, string: 'ZIP' }),
    city: fields.char({ size: 128, string: 'City' }),
    country_id: fields.many2one('res.country', { ondelete: 'restrict', string: 'Country' }),
    description: fields.html({ string: 'Description' }),
    organizer_email: fields.char({ size: 254, string: 'Organizer e-mail' }),
    website_published: fields.boolean({ default: false, string: 'Published' }),
    website_track: fields.boolean({ default: false, string: 'Tracks on the site' }),
    website_track_proposal: fields.boolean({ default: false, string: 'Talk proposals' }),
    ticket_ids: fields.one2many('event.event.ticket', 'event_id', { string: 'Tickets' }),
    registration_ids: fields.one2many('event.registration', 'event_id', { string: 'Attendees' }),
    track_ids: fields.one2many('event.track', 'event_id', { string: 'Tracks' }),
  },
  constraints: [checkEvent],
});

import { utcText } from '@platform/common';
import { UserError } from '@platform/core';
import { defineModel, fields, type Env } from '@platform/orm';
import { REGISTRATION_STATES, SEAT_MESSAGES } from '../../common/event-rules';
import { seatsTaken } from './event-seats-sql';

export const REGISTRATION_MODEL = 'event.registration';

/**
 * Whatever wrote the registrations (the site, the back office, the shop), an event or a ticket never
 * has more seats taken than it has: checked in the write's transaction (the site's registrations also
 * lock the event first, so two of them cannot both pass this check with the last seat).
 */
async function checkSeats(env: Env, ids: number[]): Promise<void> {
  const sudo = env.sudo();
  const rows = await sudo.model(REGISTRATION_MODEL).read(ids, ['event_id', 'event_ticket_id']);
  const events = new Set<number>();
  const tickets = new Set<number>();
  for (const r of rows) {
    events.add(Number((r.event_id as [number, string])[0]));
    if (Array.isArray(r.event_ticket_id)) tickets.add(Number(r.event_ticket_id[0]));
  }
  for (const id of tickets) {
    const [t] = await sudo.db('event_event_ticket').where({ id }).select('event_id', 'seats_max', 'name');
    if (!rows.every((r) => !Array.isArray(r.event_ticket_id) || Number(r.event_ticket_id[0]) !== id || Number((r.event_id as [number, string])[0]) === Number(t.event_id))) {
      throw new UserError('The ticket belongs to another event.');
    }
    if (Number(t.seats_max) > 0 && (await seatsTaken(sudo, 'event_ticket_id', id)) > Number(t.seats_max)) throw new UserError(SEAT_MESSAGES.ticketFull(String(t.name)));
  }
  for (const id of events) {
    const [e] = await sudo.db('event_event').where({ id }).select('seats_availability', 'seats_max');
    if (e.seats_availability === 'limited' && (await seatsTaken(sudo, 'event_id', id)) > Number(e.seats_max)) throw new UserError(SEAT_MESSAGES.eventFull);
  }
}

/** Whoever changed the state (the site, a manager checking an attendee in): the dates of confirmation and attendance follow it. */
async function stampDates(env: Env, ids: number[]): Promise<void> {
  const sudo = env.sudo();
  const now = utcText();
  const opened = await sudo.model(REGISTRATION_MODEL).search([['id', 'in', ids], ['state', 'in', ['open', 'done']], ['date_open', '=', false]]);
  if (opened.length) await sudo.model(REGISTRATION_MODEL).updateColumns(opened, { set: { date_open: now } });
  const attended = await sudo.model(REGISTRATION_MODEL).search([['id', 'in', ids], ['state', '=', 'done'], ['date_closed', '=', false]]);
  if (attended.length) await sudo.model(REGISTRATION_MODEL).updateColumns(attended, { set: { date_closed: now } });
}

/** An attendee of an event: name, e-mail, phone, ticket, and where the registration stands. */
export const EventRegistration = defineModel({
  name: REGISTRATION_MODEL,
  description: 'Attendee',
  order: 'event_id, id',
  fields: {
    event_id: fields.many2one('event.event', { required: true, ondelete: 'cascade', string: 'Event' }),
    // In this order on an event's form: the attendee, their state (Attended: checked in), ticket, phone.
    name: fields.char({ required: true, size: 128, string: 'Attendee name' }),
    email: fields.char({ required: true, size: 254, string: 'E-mail' }),
    state: fields.selection(REGISTRATION_STATES, { required: true, default: 'draft', string: 'Status' }),
    event_ticket_id: fields.many2one('event.event.ticket', { ondelete: 'restrict', string: 'Ticket' }),
    phone: fields.char({ size: 64, string: 'Phone' }),
    partner_id: fields.many2one('res.partner', { ondelete: 'set null', string: 'Booked by' }),
    origin: fields.char({ size: 64, string: 'Source' }),
    date_open: fields.datetime({ readonly: true, string: 'Registration date' }),
    date_closed: fields.datetime({ readonly: true, string: 'Attended date' }),
  },
  constraints: [checkSeats, stampDates],
});

import { inject, injectable } from 'inversify';
import { InvalidFields, UserError } from '@platform/core';
import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import { SEAT_MESSAGES, selectMax } from '../../common/event-rules';
import { attendeeCount, attendeesSchema, quantitiesSchema, type AttendeeInput } from '../../common/event-schemas';
import type { RegistrationFormData, TicketSelect } from '../../common/page-props';
import { EVENT_MODEL } from '../models/event-event';
import { REGISTRATION_MODEL } from '../models/event-registration';
import { seatsTaken } from '../models/event-seats-sql';
import { TICKET_MODEL } from '../models/event-ticket';
import { dbText, RegistrationMails } from './registration-mails';

/** A chosen line of the registration form: a ticket (0: the event without tickets) and how many. */
export interface ChosenTickets { ticketId: number; name: string; price: number; quantity: number }

export interface RegisterOptions {
  /** 'open' (confirmed at once when the event auto-confirms) or 'draft' (a cart's attendees, confirmed with the order). */
  state: 'open' | 'draft';
  partnerId: number | null;
  origin?: string;
  /** Where the confirmation mails' links point (null: no mail can be sent). */
  baseUrl: string | null;
  /** Extra values per registration (the shop's order and line). */
  extra?: (a: AttendeeInput) => Record<string, unknown>;
}

const today = (now: Date) => utcText(now).slice(0, 10);
const dateText = (v: unknown) => (v instanceof Date ? utcText(v).slice(0, 10) : v ? String(v).slice(0, 10) : null);

/**
 * Registrations: what the form offers, the checks of what was chosen, and the writes. Seats are decided
 * in one transaction that first locks the event's row (PostgreSQL: SELECT ... FOR UPDATE; SQLite: the
 * write transaction is exclusive), counts the seats taken and only then inserts: two registrations for
 * the last seat are serialised, and the second one is refused. Nothing is written when any check fails.
 */
@injectable()
export class EventRegistrations {
  constructor(@inject(RegistrationMails) private readonly mails: RegistrationMails) {}

  /** The registration form of an event the caller may see, or null. */
  async form(env: Env, eventId: number, now = new Date()): Promise<RegistrationFormData | null> {
    const [ev] = await env.model(EVENT_MODEL).search_read([['id', '=', eventId]], ['state', 'date_end', 'seats_availability', 'seats_max']);
    if (!ev) return null;
    const sudo = env.sudo();
    const eventLeft = ev.seats_availability === 'limited' ? Math.max(0, Number(ev.seats_max) - (await seatsTaken(sudo, 'event_id', eventId))) : null;
    const tickets = await sudo.model(TICKET_MODEL).search_read([['event_id', '=', eventId]], ['name', 'price', 'deadline', 'seats_max']);
    const selects: TicketSelect[] = [];
    const expired: RegistrationFormData['expired'] = [];
    for (const t of tickets) {
      const deadline = dateText(t.deadline);
      if (deadline && deadline < today(now)) { expired.push({ label: String(t.name), deadline }); continue; }
      const own = Number(t.seats_max) > 0 ? Math.max(0, Number(t.seats_max) - (await seatsTaken(sudo, 'event_ticket_id', Number(t.id)))) : null;
      const left = own === null ? eventLeft : eventLeft === null ? own : Math.min(own, eventLeft);
      selects.push({ name: `nb_register-${Number(t.id)}`, ticketId: Number(t.id), label: String(t.name), price: Number(t.price), max: selectMax(left), left, deadline });
    }
    if (!tickets.length) selects.push({ name: 'nb_register-0', ticketId: 0, label: 'Registration', price: 0, max: selectMax(eventLeft), left: eventLeft, deadline: null });
    const ended = String(ev.date_end) <= utcText(now);
    let closedReason: string | null = null;
    if (ev.state !== 'confirm' || ended) closedReason = SEAT_MESSAGES.closed;
    else if (eventLeft === 0 || (selects.length && selects.every((s) => s.max === 0))) closedReason = SEAT_MESSAGES.soldOut;
    else if (!selects.length) closedReason = SEAT_MESSAGES.closed;
    return { eventId, open: closedReason === null, closedReason, seatsLeft: eventLeft, selects, expired, currency: '' };
  }

  /**
   * The quantities posted for an event (select name -> number) checked by the schema the form uses:
   * each a whole number within what its select offers now, no unknown or expired ticket.
   */
  async chosen(env: Env, eventId: number, raw: Record<string, unknown>, now = new Date()): Promise<ChosenTickets[]> {
    const form = await this.form(env, eventId, now);
    if (!form) throw new UserError('This event does not exist.');
    if (!form.open && form.closedReason === SEAT_MESSAGES.closed) throw new UserError(SEAT_MESSAGES.closed);
    const expired = new Map<number, string>();
    if (form.expired.length) {
      const rows = await env.sudo().model(TICKET_MODEL).search_read([['event_id', '=', eventId]], ['name', 'deadline']);
      for (const r of rows) { const d = dateText(r.deadline); if (d && d < today(now)) expired.set(Number(r.id), String(r.name)); }
    }
    for (const key of Object.keys(raw)) {
      const name = expired.get(Number(key.replace('nb_register-', '')));
      if (name !== undefined) throw new InvalidFields({ [key]: SEAT_MESSAGES.expired(name) });
    }
    let values: Record<string, unknown>;
    try {
      values = await quantitiesSchema(form.selects).validate(raw, { strict: false, abortEarly: false });
    } catch (err) {
      throw toInvalid(err);
    }
    return form.selects.filter((s) => Number(values[s.name] ?? 0) > 0).map((s) => ({ ticketId: s.ticketId, name: s.label, price: s.price, quantity: Number(values[s.name]) }));
  }

  /** The attendee form's values checked by its schema (names, e-mails; tickets checked when registering). */
  async attendees(raw: Record<string, unknown>): Promise<AttendeeInput[]> {
    const n = attendeeCount(raw);
    if (n === -1) throw new UserError('Too many attendees in one registration.');
    if (n === 0) throw new UserError('Enter the attendees.');
    let v: Record<string, unknown>;
    try {
      v = await attendeesSchema(n).validate(raw, { strict: false, abortEarly: false });
    } catch (err) {
      throw toInvalid(err);
    }
    return Array.from({ length: n }, (_, k) => ({
      name: String(v[`${k + 1}-name`]), email: String(v[`${k + 1}-email`]), phone: String(v[`${k + 1}-phone`] ?? ''), ticketId: Number(v[`${k + 1}-ticket_id`]),
    }));
  }

  /**
   * Registers the attendees in one transaction (the caller's, if it has one): lock the event, check it
   * is open and each ticket is the event's and still on sale, count the seats, insert, queue the mails of
   * confirmed ones. Answers the new registrations' ids.
   */
  async register(env: Env, eventId: number, attendees: AttendeeInput[], opts: RegisterOptions, now = new Date()): Promise<number[]> {
    if (!attendees.length) throw new UserError(SEAT_MESSAGES.noneChosen);
    const ids = await env.sudo().transaction(async (tx) => {
      const lock = tx.db('event_event').where({ id: eventId }).first('id', 'state', 'date_end', 'seats_availability', 'seats_max', 'auto_confirm', 'website_published');
      if (tx.dialect === 'postgres') lock.forUpdate();
      const ev = await lock;
      if (!ev) throw new UserError('This event does not exist.');
      if (ev.state !== 'confirm' || dbText(ev.date_end) <= utcText(now)) throw new UserError(SEAT_MESSAGES.closed);
      const tickets = (await tx.db('event_event_ticket').where({ event_id: eventId }).select('id', 'name', 'deadline', 'seats_max')) as Array<{ id: number; name: string; deadline: unknown; seats_max: number }>;
      const byId = new Map(tickets.map((t) => [Number(t.id), t]));
      const wanted = new Map<number, number>();
      for (const a of attendees) {
        if (tickets.length ? !byId.has(a.ticketId) : a.ticketId !== 0) throw new UserError(SEAT_MESSAGES.unknownTicket);
        const t = byId.get(a.ticketId);
        const deadline = dateText(t?.deadline);
        if (t && deadline && deadline < today(now)) throw new UserError(SEAT_MESSAGES.expired(String(t.name)));
        wanted.set(a.ticketId, (wanted.get(a.ticketId) ?? 0) + 1);
      }
      for (const [ticketId, n] of wanted) {
        const t = byId.get(ticketId);
        if (!t || !(Number(t.seats_max) > 0)) continue;
        const left = Number(t.seats_max) - (await seatsTaken(tx, 'event_ticket_id', ticketId));
        if (left < n) throw new UserError(left <= 0 ? SEAT_MESSAGES.ticketFull(String(t.name)) : SEAT_MESSAGES.tooMany(left));
      }
      if (ev.seats_availability === 'limited') {
        const left = Number(ev.seats_max) - (await seatsTaken(tx, 'event_id', eventId));
        if (left < attendees.length) throw new UserError(left <= 0 ? SEAT_MESSAGES.eventFull : SEAT_MESSAGES.tooMany(left));
      }
      const state = opts.state === 'open' && ev.auto_confirm ? 'open' : 'draft';
      const created: number[] = [];
      for (const a of attendees) {
        created.push(await tx.model(REGISTRATION_MODEL).create({
          event_id: eventId, event_ticket_id: a.ticketId || false, name: a.name, email: a.email, phone: a.phone || false,
          partner_id: opts.partnerId ?? false, state, origin: opts.origin ?? 'website', date_open: state === 'open' ? utcText(now) : false,
          ...(opts.extra?.(a) ?? {}),
        }));
      }
      if (state === 'open' && opts.baseUrl) await this.mails.enqueue(tx, created, opts.baseUrl);
      return created;
    });
    if (!env.inTransaction) void this.mails.kick();
    return ids;
  }

  /** Confirms drafts (the shop's order was confirmed) and queues their mails. */
  async confirm(env: Env, ids: number[], baseUrl: string | null, now = new Date()): Promise<number[]> {
    const sudo = env.sudo();
    const drafts = await sudo.model(REGISTRATION_MODEL).search([['id', 'in', ids], ['state', '=', 'draft']]);
    if (!drafts.length) return [];
    await sudo.model(REGISTRATION_MODEL).write(drafts, { state: 'open', date_open: utcText(now) });
    if (baseUrl) await this.mails.enqueue(sudo, drafts, baseUrl);
    return drafts;
  }

  /** Cancels registrations: their seats come back. */
  async cancel(env: Env, ids: number[]): Promise<number[]> {
    const sudo = env.sudo();
    const active = await sudo.model(REGISTRATION_MODEL).search([['id', 'in', ids], ['state', 'in', ['draft', 'open']]]);
    if (active.length) await sudo.model(REGISTRATION_MODEL).write(active, { state: 'cancel' });
    return active;
  }

  /** Marks attendees as attended (check-in). */
  async attend(env: Env, ids: number[], now = new Date()): Promise<void> {
    const active = await env.model(REGISTRATION_MODEL).search([['id', 'in', ids], ['state', 'in', ['open', 'draft']]]);
    if (active.length) await env.model(REGISTRATION_MODEL).write(active, { state: 'done', date_closed: utcText(now) });
  }
}

function toInvalid(err: unknown): unknown {
  const e = err as { name?: string; inner?: Array<{ path?: string; message: string }>; path?: string; message?: string };
  if (e?.name !== 'ValidationError' || !('inner' in (e as object))) return err;
  const fields: Record<string, string> = {};
  for (const i of e.inner?.length ? e.inner : [e as { path?: string; message: string }]) fields[i.path ?? ''] ??= i.message;
  return new InvalidFields(fields);
}

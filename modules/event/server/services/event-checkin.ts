import { injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { Domain } from '@platform/core';
import type { Env } from '@platform/orm';
import { codeId, registrationCode } from '../../common/checkin';
import { REGISTRATION_MODEL } from '../models/event-registration';

export interface CheckinRow { id: number; code: string; name: string; email: string; ticket: string | null; state: string }
export interface CheckinList { rows: CheckinRow[]; attended: number; expected: number; more: boolean }

const SHOWN = 30;

/**
 * The door of an event: find an attendee by name, e-mail or registration code, and check them in. Reads
 * and writes with the caller's rights (event managers), so the model's rules hold here too.
 */
@injectable()
export class EventCheckin {
  async search(env: Env, eventId: number, q: string): Promise<CheckinList> {
    const model = env.model(REGISTRATION_MODEL);
    const base: Domain = [['event_id', '=', eventId], ['state', 'in', ['open', 'done']]];
    const id = codeId(q);
    const text: Domain = q ? ['|', ['name', 'ilike', q], ['email', 'ilike', q]] : [];
    const domain: Domain = id ? [...base, '|', ['id', '=', id], ...text] : [...base, ...text];
    // Those still expected first, by name: the door's usual question is "who is not in yet?".
    const found = await model.search_read(domain, ['name', 'email', 'event_ticket_id', 'state'], { limit: SHOWN + 1, order: 'state, name, id' });
    const attended = await model.search_count([['event_id', '=', eventId], ['state', '=', 'done']]);
    const expected = await model.search_count(base);
    return {
      rows: found.slice(0, SHOWN).map((r) => ({
        id: Number(r.id), code: registrationCode(Number(r.id)), name: String(r.name), email: String(r.email),
        ticket: Array.isArray(r.event_ticket_id) ? String(r.event_ticket_id[1]) : null, state: String(r.state),
      })),
      attended, expected, more: found.length > SHOWN,
    };
  }

  /** Marks a confirmed attendee of this event as attended; answers their name (already in: a clear error). */
  async checkIn(env: Env, eventId: number, registrationId: number): Promise<string> {
    const [r] = await env.model(REGISTRATION_MODEL).search_read([['id', '=', registrationId], ['event_id', '=', eventId]], ['name', 'state'], { limit: 1 });
    if (!r) throw new UserError('Unknown attendee.');
    if (r.state === 'done') throw new UserError(`${String(r.name)} is already checked in.`);
    if (r.state !== 'open') throw new UserError(`${String(r.name)} has no confirmed registration.`);
    await env.model(REGISTRATION_MODEL).write([registrationId], { state: 'done' });
    return String(r.name);
  }
}

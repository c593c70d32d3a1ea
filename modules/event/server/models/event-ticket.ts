import { UserError } from '@platform/core';
import { defineModel, fields, type Env } from '@platform/orm';
import { countByState } from './event-seats-sql';

export const TICKET_MODEL = 'event.event.ticket';

const count = (state: string) => async (record: Record<string, unknown>, env: Env) => (await countByState(env, 'event_ticket_id', Number(record.id)))[state] ?? 0;

async function checkTicket(env: Env, ids: number[]): Promise<void> {
  const rows = await env.sudo().model(TICKET_MODEL).read(ids, ['price', 'seats_max']);
  for (const r of rows) {
    if (Number(r.price) < 0) throw new UserError('A ticket\'s price cannot be negative.');
    if (Number(r.seats_max) < 0) throw new UserError('The number of seats cannot be negative.');
  }
}

/** A kind of ticket of an event: price (0: free), last day of sale (deadline), seats (0: only the event's limit). */
export const EventTicket = defineModel({
  name: TICKET_MODEL,
  description: 'Event ticket',
  order: 'sequence, price, id',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Name' }),
    event_id: fields.many2one('event.event', { required: true, ondelete: 'cascade', string: 'Event' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    price: fields.monetary({ default: 0, string: 'Price' }),
    deadline: fields.date({ string: 'Sales end' }),
    seats_max: fields.integer({ default: 0, string: 'Maximum seats (0: no limit of its own)' }),
    seats_reserved: fields.integer({ readonly: true, string: 'Confirmed', compute: count('open') }),
    seats_unconfirmed: fields.integer({ readonly: true, string: 'Unconfirmed', compute: count('draft') }),
    seats_used: fields.integer({ readonly: true, string: 'Attended', compute: count('done') }),
  },
  constraints: [checkTicket],
});

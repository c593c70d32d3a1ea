import type { Env } from '@platform/orm';

/** States of a registration that hold a seat: an unconfirmed one (a cart's draft) holds it until cancelled. */
export const SEAT_STATES = ['draft', 'open', 'done'] as const;

/** Registrations per state of `column` = id (event_id or event_ticket_id), counted in SQL. */
export async function countByState(env: Env, column: 'event_id' | 'event_ticket_id', id: number): Promise<Record<string, number>> {
  const rows = (await env.db('event_registration').where(column, id).groupBy('state').select('state').count({ n: '*' })) as Array<{ state: string; n: number | string }>;
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
}

/** Seats taken (draft, open, done) of an event or a ticket. */
export async function seatsTaken(env: Env, column: 'event_id' | 'event_ticket_id', id: number): Promise<number> {
  const row = await env.db('event_registration').where(column, id).whereIn('state', [...SEAT_STATES]).count({ n: '*' }).first();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

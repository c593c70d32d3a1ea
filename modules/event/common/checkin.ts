/*
 * The organisers' check-in screen: the search and the check-in post as yup schemas (the route checks
 * them), and the registration code printed on the confirmation page that the door staff types or reads.
 */
import { number, object, string } from 'yup';

/** "R000042": short enough to read aloud, the same for a registration everywhere it is shown. */
export function registrationCode(id: number): string {
  return `R${String(id).padStart(6, '0')}`;
}

/** The registration id a typed code names ("R000042", "r42", "#42", "42"), or null. */
export function codeId(text: string): number | null {
  const m = /^\s*(?:#|r)?0*(\d{1,9})\s*$/i.exec(text);
  return m && Number(m[1]) > 0 ? Number(m[1]) : null;
}

/** The screen's query: the search, and after a check-in the attendee who came in (`in`). */
export const checkinPageSchema = object({
  q: string().trim().max(128, 'The search is too long.').default(''),
  in: number().typeError('Unknown attendee.').integer('Unknown attendee.').min(1, 'Unknown attendee.').max(1e9, 'Unknown attendee.').optional(),
});

export const checkinMarkSchema = object({
  registration: number().typeError('Unknown attendee.').integer('Unknown attendee.').min(1, 'Unknown attendee.').max(1e9, 'Unknown attendee.').required('Unknown attendee.'),
  q: string().trim().max(128, 'The search is too long.').default(''),
});

export const checkinUrl = (eventId: number, q = '') => `/event/${eventId}/checkin${q ? `?q=${encodeURIComponent(q)}` : ''}`;

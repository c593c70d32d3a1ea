/*
 * The forms of the event pages as yup schemas: formik checks them in the browser, the routes check
 * them again. Messages are English UI strings (translated in i18n/).
 */
import { array, number, object, string, type AnyObject, type ObjectSchema, type Schema } from 'yup';
import { EMAIL_RE } from '@platform/common';
import { MAX_ATTENDEES, SEAT_MESSAGES } from './event-rules';

export const DATE_BUCKETS = ['all', 'today', 'week', 'nextweek', 'month', 'nextmonth', 'old'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];
export const EVENTS_PER_PAGE = 10;

/** `/event?date=&type=&country=&page=` */
export const eventListQuerySchema = object({
  date: string().oneOf([...DATE_BUCKETS], 'Unknown date filter.').default('all'),
  type: string().matches(/^(all|\d{1,9})$/, 'Unknown type filter.').max(9).default('all'),
  country: string().matches(/^(all|online|\d{1,9})$/, 'Unknown country filter.').max(9).default('all'),
  page: number().integer('Unknown page.').min(1, 'Unknown page.').max(100_000, 'Unknown page.').default(1),
});

const SELECT_NAME = /^nb_register-\d{1,9}$/;
const quantity = (max: number) => number().typeError('A quantity is a whole number.').integer('A quantity is a whole number.')
  .min(0, 'A quantity cannot be negative.').max(max, max === 0 ? SEAT_MESSAGES.eventFull : SEAT_MESSAGES.tooMany(max)).default(0);

/** The JSON call of the registration form: its selects by name (`nb_register-<ticket id>`, `nb_register-0` without tickets). */
export const registrationNewSchema = object({
  quantities: object().required('Choose a quantity.').test('selects', 'Unknown ticket.', (v) => {
    const entries = Object.entries((v ?? {}) as Record<string, unknown>);
    return entries.length <= 50 && entries.every(([k, q]) => SELECT_NAME.test(k) && (typeof q === 'number' || (typeof q === 'string' && q.length <= 12)));
  }).meta({ bounded: 'at most 50 keys named nb_register-<id>, each a number or a short string (its test)' }),
});

/** One select of the form: its name and the most it may take now. */
export interface QuantitySelect { name: string; max: number }

/**
 * The selects' values of one event: each known select a whole number within its bounds (absent: 0), and
 * no other key (yup's noUnknown only strips when casting, so the keys are tested here).
 */
export function quantitiesSchema(selects: QuantitySelect[]): ObjectSchema<AnyObject> {
  const known = new Set(selects.map((s) => s.name));
  return object(Object.fromEntries(selects.map((s) => [s.name, quantity(s.max)])))
    .test('known', SEAT_MESSAGES.unknownTicket, (_v, ctx) => Object.keys((ctx.originalValue ?? {}) as object).every((k) => known.has(k)));
}

/** How many attendees the quantities ask for. */
export function totalQuantity(values: Record<string, unknown>): number {
  return Object.values(values).reduce<number>((s, v) => s + (Number(v) || 0), 0);
}

export const ATTENDEE_NAME_MAX = 128;
export const ATTENDEE_EMAIL_MAX = 254;
export const ATTENDEE_PHONE_MAX = 64;

/** The attendee form: `<n>-name`, `<n>-email`, `<n>-phone`, `<n>-ticket_id` for attendees 1..count (the reference's naming). */
export function attendeesSchema(count: number): ObjectSchema<AnyObject> {
  const shape: Record<string, Schema<any, any, any, any>> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
  for (let i = 1; i <= Math.min(count, MAX_ATTENDEES); i++) {
    shape[`${i}-name`] = string().trim().required('Enter the attendee\'s name.').max(ATTENDEE_NAME_MAX, `The name is too long (at most ${ATTENDEE_NAME_MAX} characters).`);
    shape[`${i}-email`] = string().trim().required('Enter the attendee\'s e-mail.').max(ATTENDEE_EMAIL_MAX, 'The e-mail is too long.').matches(EMAIL_RE, 'Enter a valid e-mail address.');
    shape[`${i}-phone`] = string().trim().max(ATTENDEE_PHONE_MAX, `The phone number is too long (at most ${ATTENDEE_PHONE_MAX} characters).`).default('');
    shape[`${i}-ticket_id`] = number().typeError(SEAT_MESSAGES.unknownTicket).integer(SEAT_MESSAGES.unknownTicket).min(0, SEAT_MESSAGES.unknownTicket).max(1e9, SEAT_MESSAGES.unknownTicket).required(SEAT_MESSAGES.unknownTicket);
  }
  return object(shape).test('known', 'Unknown field.', (_v, ctx) => Object.keys((ctx.originalValue ?? {}) as object).every((k) => k in shape));
}

/** How many attendees a posted attendee form names (the highest `<n>-` prefix), or -1 when it names one past the limit. */
export function attendeeCount(values: Record<string, unknown>): number {
  let n = 0;
  for (const k of Object.keys(values)) {
    const m = /^(\d{1,3})-(name|email|phone|ticket_id)$/.exec(k);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return n > MAX_ATTENDEES ? -1 : n;
}

export interface AttendeeInput { name: string; email: string; phone: string; ticketId: number }

export const PROPOSAL_LIMITS = { title: 256, name: 128, email: 254, phone: 64, biography: 2000, description: 5000 } as const;

/** The talk proposal form. */
export const trackProposalSchema = object({
  track_name: string().trim().required('Give your talk a title.').max(PROPOSAL_LIMITS.title, 'The title is too long.'),
  partner_name: string().trim().required('Enter your name.').max(PROPOSAL_LIMITS.name, 'The name is too long.'),
  email_from: string().trim().required('Enter your e-mail.').max(PROPOSAL_LIMITS.email, 'The e-mail is too long.').matches(EMAIL_RE, 'Enter a valid e-mail address.'),
  phone: string().trim().max(PROPOSAL_LIMITS.phone, 'The phone number is too long.').default(''),
  biography: string().trim().max(PROPOSAL_LIMITS.biography, `The biography is too long (at most ${PROPOSAL_LIMITS.biography} characters).`).default(''),
  description: string().trim().required('Describe your talk.').max(PROPOSAL_LIMITS.description, `The description is too long (at most ${PROPOSAL_LIMITS.description} characters).`),
  // One checkbox posts a string, several a list.
  tag_ids: array(number().integer().min(1).max(1e9).required()).transform((v, orig) => (typeof orig === 'string' ? [Number(orig)] : v)).max(20, 'Too many tags.').default([]),
});

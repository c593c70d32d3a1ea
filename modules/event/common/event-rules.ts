/*
 * The event rules both sides share: states, seat messages (the reference's words), select bounds.
 * No Node or DOM API here.
 */
export const EVENT_STATES = [['draft', 'Unconfirmed'], ['cancel', 'Cancelled'], ['confirm', 'Confirmed'], ['done', 'Done']] as const;
export const SEATS_AVAILABILITY = [['unlimited', 'Unlimited'], ['limited', 'Limited']] as const;
export const REGISTRATION_STATES = [['draft', 'Unconfirmed'], ['cancel', 'Cancelled'], ['open', 'Confirmed'], ['done', 'Attended']] as const;
export const TRACK_STATES = [
  ['draft', 'Proposal'], ['confirmed', 'Confirmed'], ['announced', 'Announced'], ['published', 'Published'], ['refused', 'Refused'], ['cancel', 'Cancelled'],
] as const;

/** A quantity select offers 0..9, or 0..seats left when fewer remain (tickets: the lower of the ticket's and the event's). */
export const SELECT_MAX = 9;
/** Attendees one registration may carry (a select per ticket, at most 9 each, at most this in all). */
export const MAX_ATTENDEES = 50;
/** Below this many seats left, the page says "only N seats left". */
export const FEW_SEATS = 10;

export const SEAT_MESSAGES = {
  eventFull: 'No more seats available for this event.',
  ticketFull: (ticket: string) => `No more available seats for the ticket ${ticket}.`,
  soldOut: 'Sold out',
  onlyLeft: (n: number) => (n === 1 ? 'Only 1 seat left' : `Only ${n} seats left`),
  closed: 'Registration for this event is now closed',
  tooMany: (n: number) => (n === 1 ? 'Sorry, only 1 seat is still available.' : `Sorry, only ${n} seats are still available.`),
  expired: (ticket: string) => `The sales of the ticket ${ticket} have ended.`,
  unknownTicket: 'This ticket does not exist or is not for sale.',
  noneChosen: 'Please select at least one ticket.',
  paidWithoutShop: 'This ticket is sold through the shop, which is not available on this site.',
} as const;

/** Seats a select may offer: 0..SELECT_MAX, or up to `available` when that is lower (null: unlimited). */
export function selectMax(available: number | null): number {
  return available === null ? SELECT_MAX : Math.max(0, Math.min(SELECT_MAX, available));
}

/** Whether `tz` is an IANA time zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

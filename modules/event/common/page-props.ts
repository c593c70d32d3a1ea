/* What the event pages show: the props the server renders them with (types only). */
import type { DateBucket } from './event-schemas';

export interface EventCard {
  id: number;
  name: string;
  url: string;
  dates: string;
  /** "Brussels, Belgium", or "Online". */
  place: string;
  type: string | null;
  published: boolean;
  soldOut: boolean;
}

export interface Facet { id: string; label: string; count: number }

export interface EventListProps {
  events: EventCard[];
  query: { date: DateBucket; type: string; country: string };
  dates: Facet[];
  types: Facet[];
  countries: Facet[];
  page: number;
  pageCount: number;
  total: number;
}

export interface TicketSelect {
  name: string;
  ticketId: number;
  label: string;
  price: number;
  max: number;
  /** Seats left of this choice (the lower of the ticket's and the event's), null when unlimited. */
  left: number | null;
  deadline: string | null;
  /** A ticket with a price on a site without a shop: shown, not offered. */
  unavailable?: boolean;
}

export interface RegistrationFormData {
  eventId: number;
  open: boolean;
  /** Why registration is closed (sold out, ended, not confirmed). */
  closedReason: string | null;
  seatsLeft: number | null;
  selects: TicketSelect[];
  /** Tickets whose sales ended (shown, not offered). */
  expired: Array<{ label: string; deadline: string }>;
  currency: string;
}

export interface CountryEventItem { date: string; name: string; url: string }

import { injectable } from 'inversify';
import type { Env } from '@platform/orm';
import { eventUrls } from '../../common/event-urls';
import { EVENT_MODEL } from '../models/event-event';

export interface EventDetail {
  id: number;
  name: string;
  urls: ReturnType<typeof eventUrls>;
  begin: string;
  end: string;
  tz: string;
  state: string;
  published: boolean;
  limited: boolean;
  seatsMax: number;
  autoConfirm: boolean;
  venue: string;
  street: string;
  zip: string;
  city: string;
  country: { id: number; name: string } | null;
  description: string;
  type: string | null;
  organizerEmail: string | null;
  websiteTrack: boolean;
  websiteTrackProposal: boolean;
}

const FIELDS = [
  'name', 'date_begin', 'date_end', 'date_tz', 'state', 'website_published', 'seats_availability', 'seats_max', 'auto_confirm', 'address_name',
  'street', 'zip', 'city', 'country_id', 'description', 'event_type_id', 'organizer_email', 'website_track', 'website_track_proposal',
];
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads an event with the caller's rights: visitors get published events only (the rule), others null. */
@injectable()
export class EventCatalog {
  async detail(env: Env, id: number): Promise<EventDetail | null> {
    const [r] = await env.model(EVENT_MODEL).search_read([['id', '=', id]], FIELDS);
    if (!r) return null;
    const m2o = (v: unknown) => (Array.isArray(v) ? { id: Number(v[0]), name: String(v[1]) } : null);
    return {
      id, name: String(r.name), urls: eventUrls({ id, name: String(r.name) }), begin: String(r.date_begin), end: String(r.date_end), tz: String(r.date_tz),
      state: String(r.state), published: Boolean(r.website_published), limited: r.seats_availability === 'limited', seatsMax: Number(r.seats_max),
      autoConfirm: Boolean(r.auto_confirm), venue: str(r.address_name), street: str(r.street), zip: str(r.zip), city: str(r.city), country: m2o(r.country_id),
      description: str(r.description), type: m2o(r.event_type_id)?.name ?? null, organizerEmail: str(r.organizer_email) || null,
      websiteTrack: Boolean(r.website_track), websiteTrackProposal: Boolean(r.website_track_proposal),
    };
  }

  /** "Venue, Street, 1000 City, Country" (empty for an online event). */
  location(e: EventDetail): string {
    return [e.venue, e.street, [e.zip, e.city].filter(Boolean).join(' '), e.country?.name ?? ''].filter(Boolean).join(', ');
  }
}

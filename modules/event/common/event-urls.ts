/** The event pages' URLs (slugs `name-<id>`; a bare id works too). */
export function slug(name: string, recordId: number): string {
  const words = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return words ? `${words}-${recordId}` : String(recordId);
}

/** The id at the end of a slug, or null. */
export function slugId(text: string | undefined): number | null {
  const m = /(?:^|-)(\d{1,9})$/.exec(text ?? '');
  const n = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export const EVENTS_URL = '/event';
export const COUNTRY_EVENTS_URL = '/event/get_country_event_list';

export const eventUrls = (e: { id: number; name: string }) => {
  const base = `/event/${slug(e.name, e.id)}`;
  return {
    page: base,
    register: `${base}/register`,
    ics: `${base}/ics`,
    /** JSON: quantities -> attendee modal HTML, or false. */
    registrationNew: `/event/${e.id}/registration/new`,
    /** No-JS: the same quantities posted as a form -> the attendee page. */
    registrationAttendees: `/event/${e.id}/registration/attendees`,
    registrationConfirm: `/event/${e.id}/registration/confirm`,
    tracks: `${base}/track`,
    agenda: `${base}/agenda`,
    proposal: `${base}/track_proposal`,
    proposalPost: `${base}/track_proposal/post`,
    track: (t: { id: number; name: string }) => `${base}/track/${slug(t.name, t.id)}`,
    tag: (t: { id: number; name: string }) => `${base}/track/tag/${slug(t.name, t.id)}`,
  };
};

export const cancelUrl = (registrationId: number, token: string) => `/event/registration/${registrationId}/cancel?token=${encodeURIComponent(token)}`;

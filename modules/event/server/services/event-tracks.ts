import { injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { Env } from '@platform/orm';
import { dayIn, timeOf } from '../../common/event-dates';
import type { InferType } from 'yup';
import type { trackProposalSchema } from '../../common/event-schemas';
import { eventUrls } from '../../common/event-urls';
import { TRACK_MODEL } from '../models/event-track';
import { TRACK_TAG_MODEL } from '../models/event-track-tag';
import type { EventDetail } from './event-catalog';

export interface TrackCard {
  id: number;
  name: string;
  url: string;
  speaker: string;
  date: string | null;
  /** "9:00 AM – 10:30 AM" in the event's zone, or '' when not scheduled. */
  time: string;
  duration: number;
  room: string | null;
  tags: Array<{ id: number; name: string; url: string }>;
  description: string;
  biography: string;
  state: string;
}

export interface AgendaCell { track: TrackCard | null; rowspan: number }
export interface AgendaDay { day: string; rooms: string[]; rows: Array<{ time: string; cells: Array<AgendaCell | 'covered'> }> }

const HOUR = 3_600_000;
const utcMs = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

/** Talks of an event as visitors see them (published ones: the rule), the agenda grid, and proposals. */
@injectable()
export class EventTracks {
  async list(env: Env, event: EventDetail, tagId?: number): Promise<TrackCard[]> {
    const domain: unknown[] = [['event_id', '=', event.id]];
    if (tagId) domain.push(['tag_ids', 'in', [tagId]]);
    const rows = await env.model(TRACK_MODEL).search_read(domain as never, ['name', 'partner_name', 'partner_biography', 'date', 'duration', 'location_id', 'tag_ids', 'description', 'state'], { limit: 500 });
    const tagIds = [...new Set(rows.flatMap((r) => (r.tag_ids as number[]).map(Number)))];
    const tags = new Map(tagIds.length ? (await env.sudo().model(TRACK_TAG_MODEL).read(tagIds, ['name'])).map((t) => [Number(t.id), String(t.name)]) : []);
    const urls = eventUrls(event);
    return rows.map((r) => {
      const date = typeof r.date === 'string' ? r.date : null;
      const duration = Number(r.duration) || 0;
      const end = date ? new Date(utcMs(date) + (duration || 0.5) * HOUR).toISOString().slice(0, 19).replace('T', ' ') : null;
      return {
        id: Number(r.id), name: String(r.name), url: urls.track({ id: Number(r.id), name: String(r.name) }), speaker: typeof r.partner_name === 'string' ? r.partner_name : '',
        date, time: date && end ? `${timeOf(date, event.tz)} – ${timeOf(end, event.tz)}` : '', duration,
        room: Array.isArray(r.location_id) ? String(r.location_id[1]) : null,
        tags: (r.tag_ids as number[]).map(Number).filter((id) => tags.has(id)).map((id) => ({ id, name: tags.get(id)!, url: urls.tag({ id, name: tags.get(id)! }) })),
        description: typeof r.description === 'string' ? r.description : '', biography: typeof r.partner_biography === 'string' ? r.partner_biography : '', state: String(r.state),
      };
    });
  }

  /** The tags of the event's talks (the list's filter). */
  tagsOf(tracks: TrackCard[]): Array<{ id: number; name: string; url: string }> {
    const seen = new Map<number, { id: number; name: string; url: string }>();
    for (const t of tracks) for (const tag of t.tags) seen.set(tag.id, tag);
    return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * The agenda: scheduled talks by day (in the event's zone), a column per room and a row per time
   * boundary; a talk spans the rows of its duration (no duration: half an hour). Cells a talk spans are
   * 'covered'; empty cells stay in the grid (the search hides cells, never moves them).
   */
  agenda(tracks: TrackCard[], tz: string): AgendaDay[] {
    const dated = tracks.filter((t) => t.date);
    const days = new Map<string, TrackCard[]>();
    for (const t of dated) {
      const d = dayIn(t.date!, tz);
      days.set(d, [...(days.get(d) ?? []), t]);
    }
    return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, list]) => {
      const rooms = [...new Set(list.map((t) => t.room ?? ''))].sort();
      const span = (t: TrackCard) => [utcMs(t.date!), utcMs(t.date!) + (t.duration || 0.5) * HOUR] as const;
      const times = [...new Set(list.flatMap((t) => span(t)))].sort((a, b) => a - b);
      const rows = times.slice(0, -1).map((start) => ({ time: timeOf(new Date(start).toISOString().slice(0, 19).replace('T', ' '), tz), cells: [] as Array<AgendaCell | 'covered'> }));
      rooms.forEach((room) => {
        const inRoom = list.filter((t) => (t.room ?? '') === room);
        for (let i = 0; i < rows.length; i++) {
          const starting = inRoom.find((t) => span(t)[0] === times[i]);
          if (starting) {
            const endIdx = times.indexOf(span(starting)[1]);
            rows[i].cells.push({ track: starting, rowspan: Math.max(1, endIdx - i) });
            for (let k = i + 1; k < endIdx; k++) rows[k].cells.push('covered');
            i = endIdx - 1;
          } else {
            rows[i].cells.push({ track: null, rowspan: 1 });
          }
        }
      });
      return { day, rooms, rows };
    });
  }

  /** A talk proposal: a draft talk (organisers review it in the back office), written by the server after the form's checks. */
  async propose(env: Env, eventId: number, p: InferType<typeof trackProposalSchema>): Promise<number> {
    const sudo = env.sudo();
    const known = p.tag_ids.length ? await sudo.model(TRACK_TAG_MODEL).search([['id', 'in', p.tag_ids]]) : [];
    if (known.length !== new Set(p.tag_ids).size) throw new UserError('Unknown tag.');
    return sudo.model(TRACK_MODEL).create({
      event_id: eventId, name: p.track_name, partner_name: p.partner_name, partner_email: p.email_from, partner_phone: p.phone || false,
      partner_biography: p.biography || false, description: p.description, tag_ids: [[6, 0, known]], state: 'draft',
    });
  }

  async allTags(env: Env): Promise<Array<{ id: number; name: string }>> {
    return (await env.model(TRACK_TAG_MODEL).search_read([], ['name'], { limit: 200 })).map((t) => ({ id: Number(t.id), name: String(t.name) }));
  }
}

import { injectable } from 'inversify';
import type { Domain } from '@platform/core';
import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import { calendarDayIn, midnightIn, shortRange } from '../../common/event-dates';
import { DATE_BUCKETS, EVENTS_PER_PAGE, type DateBucket } from '../../common/event-schemas';
import { eventUrls } from '../../common/event-urls';
import type { CountryEventItem, EventCard, EventListProps, Facet } from '../../common/page-props';
import { EVENT_MODEL } from '../models/event-event';
import { SEAT_STATES } from '../models/event-seats-sql';

export const DATE_LABELS: Record<DateBucket, string> = {
  all: 'Next Events', today: 'Today', week: 'This Week', nextweek: 'Next Week', month: 'This month', nextmonth: 'Next month', old: 'Old Events',
};

const DAY = 86_400_000;
const midnight = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());

/** The instant today began in a time zone. */
function todayIn(now: Date, tz: string): number {
  const { year, month, day } = calendarDayIn(now.getTime(), tz);
  return midnightIn(year, month, day, tz);
}

/** A date bucket's bounds: events ending at or after `from` and beginning before `to` (undefined: open). */
interface Bounds { from?: number; to?: number }

/**
 * The bounds of a date bucket in a time zone: "today", "this week" (from Monday), "this month" are the
 * event's own calendar days, so an evening talk in New York is today there even past midnight UTC.
 */
export function bucketBounds(bucket: Exclude<DateBucket, 'all' | 'old'>, now: Date, tz: string): Bounds {
  const { year, month, day } = calendarDayIn(now.getTime(), tz);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const monday = day - ((weekday + 6) % 7);
  const at = (m: number, d: number) => midnightIn(year, m, d, tz);
  switch (bucket) {
    case 'today': return { to: at(month, day + 1) };
    case 'week': return { from: at(month, monday), to: at(month, monday + 7) };
    case 'nextweek': return { from: at(month, monday + 7), to: at(month, monday + 14) };
    case 'month': return { from: at(month, 1), to: at(month + 1, 1) };
    case 'nextmonth': return { from: at(month + 1, 1), to: at(month + 2, 1) };
  }
}

/** The leaves of some bounds, on event_event's columns. */
function boundLeaves(b: Bounds): Array<[string, string, string]> {
  return [...(b.from === undefined ? [] : [['date_end', '>=', utcText(b.from)] as [string, string, string]]), ...(b.to === undefined ? [] : [['date_begin', '<', utcText(b.to)] as [string, string, string]])];
}

/**
 * The domain of a date bucket: upcoming events (not ended yet) within the bucket's days, each event's
 * days read in its own time zone (`zones`: the time zones events have; an event in none of them, UTC).
 */
export function dateDomain(bucket: DateBucket, now: Date, zones: string[] = []): Domain {
  const upcoming: Domain = [['date_end', '>', utcText(now)]];
  if (bucket === 'all') return upcoming;
  const branches: Domain[] = zones.filter((z) => z !== 'UTC').map((zone) => {
    const leaves = bucket === 'old' ? [['date_end', '<', utcText(todayIn(now, zone))]] : boundLeaves(bucketBounds(bucket, now, zone));
    return [...leaves.map(() => '&'), ['date_tz', '=', zone], ...leaves] as Domain;
  });
  const utcLeaves = bucket === 'old' ? [['date_end', '<', utcText(midnight(now))]] : boundLeaves(bucketBounds(bucket, now, 'UTC'));
  const others = zones.filter((z) => z !== 'UTC');
  branches.push((others.length ? [...utcLeaves.map(() => '&'), ['date_tz', 'not in', others], ...utcLeaves] : utcLeaves) as Domain);
  const anyBranch: Domain = [...branches.slice(1).map(() => '|'), ...branches.flat()] as Domain;
  return bucket === 'old' ? anyBranch : [...upcoming, ...anyBranch];
}

/** The SQL condition of a date bucket (the same bounds as dateDomain), on event_event's columns. */
function bucketSql(bucket: DateBucket, now: Date, zones: string[]): { sql: string; values: string[] } {
  const values: string[] = [];
  const and = (leaves: Array<[string, string, string]>) => leaves.map(([f, op, v]) => { values.push(v); return `${f} ${op} ?`; }).join(' AND ');
  const upcoming = and([['date_end', '>', utcText(now)]]);
  if (bucket === 'all' || bucket === 'old') return { sql: upcoming, values };
  const others = zones.filter((z) => z !== 'UTC');
  const branches = others.map((zone) => { values.push(zone); return `(date_tz = ? AND ${and(boundLeaves(bucketBounds(bucket, now, zone)))})`; });
  const rest = others.map((z) => { values.push(z); return '?'; });
  branches.push(`(${others.length ? `date_tz NOT IN (${rest.join(', ')}) AND ` : ''}${and(boundLeaves(bucketBounds(bucket, now, 'UTC')))})`);
  return { sql: `${upcoming} AND (${branches.join(' OR ')})`, values };
}

/** Events of a country also match events without one (the reference's filter); `online`: no country. */
function countryDomain(country: string): Domain {
  if (country === 'all') return [];
  if (country === 'online') return [['country_id', '=', false]];
  return ['|', ['country_id', '=', Number(country)], ['country_id', '=', false]];
}
const typeDomain = (type: string): Domain => (type === 'all' ? [] : [['event_type_id', '=', Number(type)]]);
const BASE: Domain = [['state', 'in', ['draft', 'confirm', 'done']]];

/**
 * `/event`: the events of a date bucket, type and country, 10 a page, with the count of each filter's
 * choices computed without that filter (so each count says what clicking it gives). The caller's
 * rights decide what is listed: visitors see published events only.
 */
@injectable()
export class EventListing {
  async list(env: Env, q: { date: DateBucket; type: string; country: string; page: number }, now = new Date()): Promise<EventListProps> {
    const model = env.model(EVENT_MODEL);
    const zones = await this.zones(env);
    const date = dateDomain(q.date, now, zones);
    const domain = [...BASE, ...date, ...typeDomain(q.type), ...countryDomain(q.country)];
    const total = await model.search_count(domain);
    const pageCount = Math.max(1, Math.ceil(total / EVENTS_PER_PAGE));
    const page = Math.min(q.page, pageCount);
    const rows = await model.search_read(domain, ['name', 'date_begin', 'date_end', 'date_tz', 'city', 'country_id', 'event_type_id', 'website_published', 'seats_availability', 'seats_max'], {
      offset: (page - 1) * EVENTS_PER_PAGE, limit: EVENTS_PER_PAGE, order: q.date === 'old' ? 'website_published desc, date_begin desc, id desc' : 'website_published desc, date_begin, id',
    });
    const taken = await this.seatsTaken(env, rows.filter((r) => r.seats_availability === 'limited').map((r) => Number(r.id)));
    const events: EventCard[] = rows.map((r) => {
      const id = Number(r.id);
      const country = Array.isArray(r.country_id) ? String(r.country_id[1]) : null;
      return {
        id, name: String(r.name), url: eventUrls({ id, name: String(r.name) }).page,
        dates: shortRange(String(r.date_begin), String(r.date_end), String(r.date_tz), env.lang),
        place: country ? [typeof r.city === 'string' ? r.city : '', country].filter(Boolean).join(', ') : 'Online',
        type: Array.isArray(r.event_type_id) ? String(r.event_type_id[1]) : null, published: Boolean(r.website_published),
        soldOut: r.seats_availability === 'limited' && (taken.get(id) ?? 0) >= Number(r.seats_max),
      };
    });

    // Every date bucket's count in one statement over the events the type and country filters keep (the caller's rules applied).
    const noDate = model.subquery([...BASE, ...typeDomain(q.type), ...countryDomain(q.country)], 'id');
    const buckets = DATE_BUCKETS.filter((b) => b !== 'old');
    const sums = buckets.map((b) => {
      const { sql, values } = bucketSql(b, now, zones);
      return env.db.raw(`SUM(CASE WHEN ${sql} THEN 1 ELSE 0 END) AS ??`, [...values, `n_${b}`]);
    });
    const counted = ((await env.db('event_event').whereIn('id', noDate).select(sums).first()) ?? {}) as Record<string, unknown>;
    // The reference counts every bucket but the old events.
    const dates: Facet[] = DATE_BUCKETS.map((b) => ({ id: b, label: DATE_LABELS[b], count: b === 'old' ? -1 : Number(counted[`n_${b}`] ?? 0) }));
    const typeGroups = await model.read_group([...BASE, ...date, ...countryDomain(q.country)], ['event_type_id'], ['event_type_id']);
    const types: Facet[] = [{ id: 'all', label: 'All Categories', count: typeGroups.reduce((s, g) => s + Number(g.event_type_id_count), 0) }];
    for (const g of typeGroups) if (Array.isArray(g.event_type_id)) types.push({ id: String(g.event_type_id[0]), label: String(g.event_type_id[1]), count: Number(g.event_type_id_count) });
    const countryGroups = await model.read_group([...BASE, ...date, ...typeDomain(q.type)], ['country_id'], ['country_id']);
    const countries: Facet[] = [{ id: 'all', label: 'All Countries', count: countryGroups.reduce((s, g) => s + Number(g.country_id_count), 0) }];
    for (const g of countryGroups) {
      if (Array.isArray(g.country_id)) countries.push({ id: String(g.country_id[0]), label: String(g.country_id[1]), count: Number(g.country_id_count) });
      else countries.push({ id: 'online', label: 'Online', count: Number(g.country_id_count) });
    }
    return { events, query: { date: q.date, type: q.type, country: q.country }, dates, types, countries, page, pageCount, total };
  }

  /** Upcoming confirmed events in a country (or without one), else all upcoming confirmed events: the country box. */
  async countryEvents(env: Env, countryId: number | null, now = new Date()): Promise<{ country: { id: number; name: string } | null; events: CountryEventItem[] }> {
    const model = env.model(EVENT_MODEL);
    const upcoming: Domain = [['state', '=', 'confirm'], ['date_begin', '>=', utcText(midnight(now))]];
    const fields = ['name', 'date_begin', 'date_end', 'date_tz', 'country_id'];
    let rows = countryId ? await model.search_read([...upcoming, '|', ['country_id', '=', countryId], ['country_id', '=', false]], fields, { limit: 5, order: 'date_begin, id' }) : [];
    const match = rows.find((r) => Array.isArray(r.country_id) && Number(r.country_id[0]) === countryId);
    if (!rows.length) rows = await model.search_read(upcoming, fields, { limit: 5, order: 'date_begin, id' });
    return {
      country: match ? { id: countryId!, name: String((match.country_id as [number, string])[1]) } : null,
      events: rows.map((r) => ({
        date: shortRange(String(r.date_begin), String(r.date_end), String(r.date_tz), env.lang), name: String(r.name),
        url: eventUrls({ id: Number(r.id), name: String(r.name) }).page,
      })),
    };
  }

  /**
   * The time zones events are in (a handful: the buckets' SQL has a branch per zone). Past the first
   * 100, an event's days are read in UTC.
   */
  private async zones(env: Env): Promise<string[]> {
    const rows = (await env.db('event_event').distinct('date_tz').orderBy('date_tz').limit(100)) as Array<{ date_tz: string }>;
    return rows.map((r) => r.date_tz);
  }

  /** Seats taken per event (one grouped query over the page's limited events). */
  private async seatsTaken(env: Env, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = (await env.db('event_registration').whereIn('event_id', ids).whereIn('state', [...SEAT_STATES]).groupBy('event_id').select('event_id').count({ n: '*' })) as Array<{ event_id: number; n: number | string }>;
    return new Map(rows.map((r) => [Number(r.event_id), Number(r.n)]));
  }
}

import { rpc } from '@platform/web/client';

export type Period = 'all' | 'month' | 'week';

export interface ClickData {
  total: number;
  /** One point per day, days without clicks included: [YYYY-MM-DD, clicks]. */
  perDay: Array<[string, number]>;
  perCountry: Array<[string, number]>;
}

interface Group {
  __domain: unknown[];
  create_date_count?: number;
  country_id_count?: number;
  country_id?: [number, string] | false;
}

const DAY_MS = 86_400_000;
/** Spec section 9: the last-week and last-month tabs cover 7 and 30 days. */
const WINDOW_DAYS: Record<Period, number | null> = { all: null, month: 30, week: 7 };

const callKw = <T,>(method: string, args: unknown[], kwargs: Record<string, unknown> = {}) =>
  rpc<T>('/web/dataset/call_kw', { model: 'link.tracker.click', method, args, kwargs });

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day a group starts, from its `__domain` (`['create_date', '>=', 'YYYY-MM-DD 00:00:00']`). */
function groupDay(g: Group): string | null {
  const cond = g.__domain.find((c) => Array.isArray(c) && c[0] === 'create_date' && c[1] === '>=') as [string, string, string] | undefined;
  return cond ? cond[2].slice(0, 10) : null;
}

/** Clicks of a link over a period: count, per day and per country, through the model calls of the spec. */
export async function loadClickData(linkId: number, period: Period, unknownCountry: string): Promise<ClickData> {
  const days = WINDOW_DAYS[period];
  const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`);
  const domain: unknown[] = [['link_id', '=', linkId]];
  if (days) domain.push(['create_date', '>=', `${isoDay(today - (days - 1) * DAY_MS)} 00:00:00`]);
  const [total, byDay, byCountry] = await Promise.all([
    callKw<number>('search_count', [domain]),
    callKw<Group[]>('read_group', [domain, ['create_date'], ['create_date:day']], { lazy: true }),
    callKw<Group[]>('read_group', [domain, ['country_id'], ['country_id']], { lazy: true }),
  ]);
  const counts = new Map<string, number>();
  for (const g of byDay) {
    const day = groupDay(g);
    if (day) counts.set(day, g.create_date_count ?? 0);
  }
  const known = [...counts.keys()].sort();
  const first = days ? today - (days - 1) * DAY_MS : known.length ? Date.parse(`${known[0]}T00:00:00Z`) : today;
  const perDay: Array<[string, number]> = [];
  for (let t = first; t <= today; t += DAY_MS) perDay.push([isoDay(t), counts.get(isoDay(t)) ?? 0]);
  const perCountry = byCountry
    .map((g): [string, number] => [g.country_id ? g.country_id[1] : unknownCountry, g.country_id_count ?? 0])
    .sort((a, b) => b[1] - a[1]);
  return { total, perDay, perCountry };
}

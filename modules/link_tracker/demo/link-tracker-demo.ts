import { type DataRecord, ref } from '@platform/core';
import { utcText } from '@platform/common';

const CAMPAIGNS = ['Spring sale', 'Product launch', 'Newsletter'];
const MEDIA = ['Email', 'Banner', 'Social network'];
const SOURCES = ['Newsletter', 'Partner blog', 'Twitter'];

const LINKS = [
  { key: 'shop', url: 'https://www.example.com/shop', title: 'Our shop', code: 'shop', campaign: 0, medium: 0, source: 0 },
  { key: 'launch', url: 'https://www.example.com/products/new?ref=home#details', title: 'The new product', code: 'launch', campaign: 1, medium: 2, source: 2 },
  { key: 'blog', url: 'https://www.example.org/blog/our-story', title: 'Our story', code: 'story', campaign: 2, medium: 1, source: 1 },
];

/** [country code, weight]: visits come from several countries, mostly a few. */
const COUNTRIES: Array<[string, number]> = [['us', 30], ['fr', 20], ['de', 14], ['gb', 12], ['be', 8], ['in', 8], ['br', 5], ['jp', 3]];

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/**
 * Campaigns, media, sources, three links and a few hundred clicks spread over the last 30 days, so the
 * statistics page has something to show on a fresh `npm start`. The spread is deterministic.
 */
export function linkTrackerDemo(): DataRecord[] {
  const records: DataRecord[] = [];
  for (const [model, names] of [['utm.campaign', CAMPAIGNS], ['utm.medium', MEDIA], ['utm.source', SOURCES]] as const) {
    for (const name of names) records.push({ id: `${model.slice(4)}_${slug(name)}`, model, values: { name } });
  }
  for (const l of LINKS) {
    records.push({
      id: `link_${l.key}`, model: 'link.tracker',
      values: {
        url: l.url, title: l.title, code: l.code, short_url: `/r/${l.code}`,
        campaign_id: ref(`link_tracker.campaign_${slug(CAMPAIGNS[l.campaign])}`),
        medium_id: ref(`link_tracker.medium_${slug(MEDIA[l.medium])}`),
        source_id: ref(`link_tracker.source_${slug(SOURCES[l.source])}`),
      },
    });
    records.push({ id: `code_${l.key}`, model: 'link.tracker.code', values: { code: l.code, link_id: ref(`link_tracker.link_${l.key}`) } });
  }
  const clicks = demoClicks();
  const now = Date.now();
  const stamp = (c: (typeof clicks)[number]) => {
    const day = new Date(now - c.daysAgo * 86_400_000).toISOString().slice(0, 10);
    return utcText(Date.parse(`${day}T00:00:00Z`) + Math.min(c.second * 1000, now - Date.parse(`${day}T00:00:00Z`)));
  };
  const perLink = new Map<string, { count: number; ips: Set<string>; last: string }>();
  clicks.forEach((c, i) => {
    const at = stamp(c);
    records.push({
      id: `click_${i}`, model: 'link.tracker.click',
      values: { link_id: ref(`link_tracker.link_${c.link}`), ip: c.ip, country_id: ref(`link_tracker.country_${c.country}`), create_date: at },
    });
    const s = perLink.get(c.link) ?? { count: 0, ips: new Set<string>(), last: at };
    s.count++;
    s.ips.add(c.ip);
    if (at > s.last) s.last = at;
    perLink.set(c.link, s);
  });
  for (const l of LINKS) {
    const s = perLink.get(l.key)!;
    const link = records.find((r) => r.id === `link_${l.key}`)!;
    Object.assign(link.values, { count: s.count, unique_count: s.ips.size, last_click_date: s.last });
  }
  return records;
}

/** Countries the demo clicks come from; a migration gives them external ids so demo records can refer to them. */
export const DEMO_COUNTRY_CODES = COUNTRIES.map(([code]) => code);

/** Deterministic clicks: [link key, days ago, seconds into the day, country code, address]. */
export function demoClicks(): Array<{ link: string; daysAgo: number; second: number; country: string; ip: string }> {
  const clicks = [];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const totalWeight = COUNTRIES.reduce((n, [, w]) => n + w, 0);
  for (const [i, l] of LINKS.entries()) {
    const n = 180 - i * 50;
    for (let k = 0; k < n; k++) {
      let pick = next() * totalWeight;
      const country = COUNTRIES.find(([, w]) => (pick -= w) < 0)?.[0] ?? 'us';
      clicks.push({
        link: l.key, daysAgo: Math.floor(next() ** 1.5 * 30), second: Math.floor(next() * 86400), country,
        ip: `198.51.${Math.floor(next() * 4)}.${Math.floor(next() * 250)}`,
      });
    }
  }
  return clicks;
}

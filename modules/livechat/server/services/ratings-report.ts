import { injectable } from 'inversify';
import { AccessError } from '@platform/core';
import type { Env } from '@platform/orm';
import { ratingOf, type RatingKey, type RatingsReport } from '../../common/chat-ratings';

export const REPORT_REFUSED = 'The ratings report is for live chat managers only.';
/** Who reads the report: live chat managers, and the site's administrators. */
export const REPORT_GROUPS = ['livechat.group_livechat_manager', 'base.group_system'];
/** Comments listed under the chart. */
const COMMENTS = 20;
/** Ratings read for one report: a year of a busy site; beyond, the oldest of the period are left out. */
const READ_LIMIT = 50_000;

const DAY_MS = 86_400_000;
const dayOf = (utc: string) => utc.slice(0, 10);

/**
 * The Live Chat app's ratings report: the visitors' smileys over a period (satisfaction, average,
 * counts, per day) and their latest comments. Live chat managers and administrators only; the ratings are website_mail's
 * `rating.rating` records of conversations, read through the model.
 */
@injectable()
export class LivechatRatingsReport {
  async report(env: Env, days: number, now = Date.now()): Promise<RatingsReport> {
    if (!REPORT_GROUPS.some((g) => env.hasGroup(g))) throw new AccessError(REPORT_REFUSED);
    const sudo = env.sudo();
    const first = new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    const rows = await sudo.model('rating.rating').search_read(
      [['res_model', '=', 'mail.channel'], ['create_date', '>=', `${first} 00:00:00`]],
      ['create_date', 'rating', 'feedback', 'res_id', 'rated_partner_id'],
      { order: 'create_date desc, id desc', limit: READ_LIMIT },
    );
    const zero = (): Record<RatingKey, number> => ({ happy: 0, neutral: 0, unhappy: 0 });
    const counts = zero();
    const byDay = new Map<string, Record<RatingKey, number>>();
    for (let i = 0; i < days; i++) byDay.set(new Date(Date.parse(`${first}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10), zero());
    let sum = 0;
    for (const r of rows) {
      const key = ratingOf(Number(r.rating)).key;
      counts[key]++;
      sum += Number(r.rating);
      const day = byDay.get(dayOf(String(r.create_date)));
      if (day) day[key]++;
    }
    const written = rows.filter((r) => typeof r.feedback === 'string' && r.feedback.trim()).slice(0, COMMENTS);
    const channels = written.length
      ? new Map((await sudo.model('mail.channel').read(written.map((r) => Number(r.res_id)), ['anonymous_name'])).map((c) => [Number(c.id), String(c.anonymous_name || 'Visitor')]))
      : new Map<number, string>();
    return {
      days,
      total: rows.length,
      satisfaction: rows.length ? Math.round((counts.happy / rows.length) * 100) : null,
      average: rows.length ? Math.round((sum / rows.length) * 10) / 10 : null,
      counts,
      perDay: [...byDay].map(([day, c]) => ({ day, ...c })),
      comments: written.map((r) => ({
        date: String(r.create_date),
        rate: Number(r.rating),
        feedback: String(r.feedback),
        visitor: channels.get(Number(r.res_id)) ?? 'Visitor',
        operator: Array.isArray(r.rated_partner_id) ? String(r.rated_partner_id[1]) : false,
        channel_id: Number(r.res_id),
      })),
    };
  }
}


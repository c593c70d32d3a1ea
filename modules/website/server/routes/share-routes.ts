import { injectable } from 'inversify';
import type { Knex } from 'knex';
import { mixed, object, string } from 'yup';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { type Env, nowUtc } from '@platform/orm';
import { SHARE_NETWORKS, type ShareNetwork } from '../models/website-share-count';

export type ShareCounts = Record<ShareNetwork, number>;

/** A path on this site (`/page/about`): no scheme, no host, no query, no control characters. */
const SITE_PATH = /^\/(?!\/)[^\s?#\\\u0000-\u001f]{0,511}$/;
const path = () => string().required().max(512).matches(SITE_PATH, 'url must be a path on this site, like /page/about');

/** Share counts of one page, every network present (0 when never shared). */
export async function readShareCounts(env: Env, urlPath: string): Promise<ShareCounts> {
  const rows = await env.sudo().model('website.share.count').search_read([['url_path', '=', urlPath]], ['network', 'count']);
  const counts = Object.fromEntries(SHARE_NETWORKS.map((n) => [n, 0])) as ShareCounts;
  for (const r of rows) counts[r.network as ShareNetwork] = Number(r.count);
  return counts;
}

/** One atomic upsert, so concurrent shares (several workers) never lose an increment. */
async function increment(db: Knex, urlPath: string, network: ShareNetwork): Promise<void> {
  const now = nowUtc();
  await db('website_share_count')
    .insert({ url_path: urlPath, network, count: 1, create_date: now, write_date: now })
    .onConflict(['url_path', 'network'])
    .merge({ count: db.raw('website_share_count.count + 1'), write_date: now });
}

/**
 * Share counts kept by the site (the networks stopped publishing theirs). The share buttons report a
 * share with `/website/share/record` (rate-limited per address, so counts cannot be pumped quickly)
 * and get the page's counts back; `/website/share/counts` only reads them.
 */
@injectable()
export class ShareRoutes implements RouteContribution {
  routes(): RouteDefinition[] {
    return [
      route({
        path: '/website/share/record', type: 'json', auth: 'public',
        params: object({ url: path(), network: mixed<ShareNetwork>().oneOf([...SHARE_NETWORKS]).required() }),
        rateLimit: { name: 'website.share', limit: 10, perAccount: 10, windowSeconds: 60 },
        handler: async (req) => {
          const { url, network } = req.params;
          await increment(req.env.db, url, network);
          return readShareCounts(req.env, url);
        },
      }),
      route({
        path: '/website/share/counts', type: 'json', auth: 'public',
        params: object({ url: path() }),
        handler: async (req) => readShareCounts(req.env, req.params.url),
      }),
    ];
  }
}

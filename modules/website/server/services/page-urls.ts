import { injectable } from 'inversify';
import { type ContributionProvider, injectContributions, ValidationError } from '@platform/core';
import { HotPathContribution, RouteContribution } from '@platform/http';
import type { Env } from '@platform/orm';
import { slugify } from '../../web/editor/slugify';
import { RedirectHotPath } from '../routes/redirect-hot-path';

/** Letters, digits and `-._~` in segments separated by single slashes; no trailing slash but `/` itself. */
const PAGE_URL = /^\/(?:[A-Za-z0-9\-_~]+(?:\.[A-Za-z0-9\-_~]+)*(?:\/[A-Za-z0-9\-_~]+(?:\.[A-Za-z0-9\-_~]+)*)*)?$/;
export const MAX_PAGE_URL = 256;

/**
 * The rules of a website page's URL: it starts with `/`, is unique per site (a page without a site
 * counts for every site), and never shadows what the platform or a module answers (`/web/...`,
 * `/shop`, `/r/<code>`, a language prefix such as `/fr`): pages are resolved only after every route
 * found nothing, so such a page could never be reached.
 */
@injectable()
export class PageUrls {
  constructor(
    @injectContributions(RouteContribution) private readonly routes: ContributionProvider<RouteContribution>,
    @injectContributions(HotPathContribution) private readonly hotPaths: ContributionProvider<HotPathContribution>,
  ) {}

  private reserved?: Set<string>;

  /** First segments of every route of every installed module (read once: routes do not change after boot). */
  private reservedSegments(): Set<string> {
    if (!this.reserved) {
      const segments = new Set<string>();
      for (const contribution of this.routes.getContributions()) {
        for (const route of contribution.routes()) {
          if (route.fallback) continue;
          const first = route.path.split('/')[1] ?? '';
          // `/` is the home page, which may itself be a website page; `:param` or `{...}` match anything.
          if (first && !/^[:{*(]/.test(first)) segments.add(first.toLowerCase());
        }
      }
      this.reserved = segments;
    }
    return this.reserved;
  }

  /** Why `url` cannot be a page's URL, or null when it can (read in `env`'s transaction). */
  async problem(env: Env, url: string): Promise<string | null> {
    if (url.length > MAX_PAGE_URL) return `A page URL has at most ${MAX_PAGE_URL} characters.`;
    if (!url.startsWith('/')) return `The URL '${url}' must start with '/', e.g. /about-us.`;
    if (!PAGE_URL.test(url)) return `The URL '${url}' may only hold letters, digits, '-', '_', '.' and '~' between single slashes, without a trailing slash.`;
    if (url === '/') return null;
    const first = url.split('/')[1].toLowerCase();
    if (this.reservedSegments().has(first)) return `The URL '${url}' is taken by the site itself (/${first}...): choose another one.`;
    const urlCodes = (await env.sudo().model('res.lang').search_read([], ['url_code'])).map((l) => String(l.url_code));
    if (urlCodes.some((code) => code.toLowerCase() === first)) return `The URL '${url}' starts with a language code (/${first}): choose another one.`;
    for (const hot of this.hotPaths.getContributions()) {
      // The site's own redirects do not reserve a URL: a page given an old URL replaces its redirect.
      if (hot instanceof RedirectHotPath) continue;
      if (hot.matches('GET', url)) return `The URL '${url}' is taken by the site itself: choose another one.`;
    }
    return null;
  }

  /** Model constraint of website.page: valid, free and unique URLs (run inside the write's transaction). */
  async check(env: Env, ids: number[]): Promise<void> {
    const rows: Array<{ id: number; url: string; website_id: number | null }> = await env.db('website_page').whereIn('id', ids).select('id', 'url', 'website_id');
    for (const row of rows) {
      const problem = await this.problem(env, row.url);
      if (problem) throw new ValidationError(problem);
      // Same URL on the same site, or on any site when either page is for every site.
      const others = env.db('website_page').where('url', row.url).whereNot('id', row.id);
      if (row.website_id !== null) void others.where((q) => void q.whereNull('website_id').orWhere('website_id', row.website_id));
      const clash = await others.first('id');
      if (clash) throw new ValidationError(`Another page already has the URL '${row.url}' on this site.`);
    }
  }

  /** A free URL for a new page titled `title` on `siteId`: `/our-team`, else `/our-team-2`, ... */
  async propose(env: Env, title: string, siteId: number): Promise<string> {
    const slug = slugify(title) || 'page';
    for (let n = 1; n < 1000; n++) {
      const url = `/${n === 1 ? slug : `${slug}-${n}`}`;
      if (await this.problem(env, url)) continue;
      const taken = await env.db('website_page').where('url', url).where((q) => void q.whereNull('website_id').orWhere('website_id', siteId)).first('id');
      if (!taken) return url;
    }
    throw new ValidationError('No free URL could be found for this title: give the page a URL yourself.');
  }
}

import type { Env } from '@platform/orm';
import { SITE_PAGES } from './site-pages';

/**
 * Keeps the redirects in step with pages' URLs: a redirect never shadows a page (a page given a
 * URL takes it from its redirect), and a moved page leaves a 301 at its old URL, with the redirects
 * that led to the old URL sent straight to the new one (no chains).
 */
export const pageRedirects = {
  /** A page now lives at `url` on the site: a redirect from there would hide it. */
  async urlTaken(env: Env, siteId: number, url: string): Promise<void> {
    const redirects = env.model('website.redirect');
    const shadowing = await redirects.search(['&', ['url_from', '=', url], ...SITE_PAGES(siteId)]);
    if (shadowing.length) await redirects.unlink(shadowing);
  },

  /** A page moved from `from` to `to`; with `redirect`, visitors of the old URL follow it. */
  async pageMoved(env: Env, siteId: number | null, from: string, to: string, redirect: boolean): Promise<void> {
    const site = siteId ?? false;
    const redirects = env.model('website.redirect');
    await this.urlTaken(env, siteId ?? 0, to);
    if (!redirect || from === '/') return;
    const leading = await redirects.search(['&', ['url_to', '=', from], ['website_id', '=', site]]);
    if (leading.length) await redirects.write(leading, { url_to: to });
    const existing = await redirects.search(['&', ['url_from', '=', from], ['website_id', '=', site]]);
    if (existing.length) await redirects.write(existing, { url_to: to, redirect_type: '301' });
    else await redirects.create({ url_from: from, url_to: to, redirect_type: '301', website_id: site });
  },
};

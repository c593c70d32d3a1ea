import { injectable } from 'inversify';
import type { SitemapContribution } from '../services/sitemap-contribution';
import type { Env } from '@platform/orm';
import { SITE_PAGES } from '../services/site-pages';

/**
 * Published website pages of the site (the env is the site's public user, so rules filter drafts);
 * the home page (url `/`) is listed by sitemap.xml itself, as `/`.
 */
@injectable()
export class WebsiteSitemap implements SitemapContribution {
  async sitemapUrls(env: Env): Promise<string[]> {
    const pages = await env.model('website.page').search_read(
      ['&', ['url', '!=', '/'], ...SITE_PAGES(env.user.siteId ?? 0)], ['url'], { order: 'url' },
    );
    return [...pages.map((p) => String(p.url)), '/gallery'];
  }
}

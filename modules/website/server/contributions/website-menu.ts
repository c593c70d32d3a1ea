import { inject, injectable } from 'inversify';
import { SiteCaches, type RequestContext, type SiteCache } from '@platform/http';
import type { MenuContribution, MenuEntry } from '@platform/web';
import { SITE_PAGES } from '../services/site-pages';

/**
 * The website's menu: its fixed entries and the site's `website.menu` records (top level, in the
 * request's language). An entry leading to a page the caller may not read (a draft, for a visitor)
 * is left out. Read once per site, language and reader (the visitors share one), then kept until
 * the next write signal (a menu, page or access change anywhere): a warm page asks nothing.
 */
@injectable()
export class WebsiteMenu implements MenuContribution {
  private readonly cache: SiteCache<MenuEntry[]>;

  constructor(@inject(SiteCaches) caches: SiteCaches) {
    this.cache = caches.create<MenuEntry[]>(1000);
  }

  menuEntries(): MenuEntry[] {
    return [{ name: 'Gallery', url: '/gallery', sequence: 90 }];
  }

  menuEntriesFor(req: RequestContext): Promise<MenuEntry[]> {
    // Keyed by user, not by groups: record rules may depend on who is asking (and a change of groups is a write).
    return this.cache.get(`${req.site.id}|${req.lang}|${req.isPublic ? 'public' : req.user.id}`, () => this.read(req));
  }

  private async read(req: RequestContext): Promise<MenuEntry[]> {
    const records = await req.env.model('website.menu').search_read(
      ['&', ['parent_id', '=', false], ...SITE_PAGES(req.site.id)], ['name', 'url', 'page_id', 'sequence'],
    );
    if (!records.length) return [];
    const pageIds = records.map((r) => (Array.isArray(r.page_id) ? Number(r.page_id[0]) : 0)).filter(Boolean);
    const pages = pageIds.length ? await req.env.model('website.page').search_read([['id', 'in', pageIds]], ['url']) : [];
    const urlOf = new Map(pages.map((p) => [Number(p.id), String(p.url)]));
    return records.flatMap((r) => {
      const url = Array.isArray(r.page_id) ? urlOf.get(Number(r.page_id[0])) : r.url ? String(r.url) : undefined;
      return url ? [{ name: String(r.name), url, sequence: Number(r.sequence) || 0 }] : [];
    });
  }
}

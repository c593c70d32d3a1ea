import { inject, injectable } from 'inversify';
import { SiteCaches, type RequestContext, type SiteCache } from '@platform/http';
import type { MenuContribution, MenuEntry } from '@platform/web';
import { ModuleMenuEntries } from '../services/module-menu-entries';
import { SITE_PAGES } from '../services/site-pages';

/** What a menu is read from: its records, their pages, the sites and their modules and languages, the modules, users and groups (record rules, access). */
const MENU_TABLES = [
  'website_menu', 'website_page', 'website', 'website_module', 'res_lang', 'res_lang_website_rel', 'ir_module_module',
  'res_users', 'res_groups', 'res_groups_users_rel', 'res_groups_implied_rel',
];

interface MenuRecord {
  id: number;
  name: string;
  url: string | false;
  page_id: [number, string] | false;
  sequence: number;
  parent_id: [number, string] | false;
  is_visible: boolean;
  module: string | false;
}

/**
 * The site's whole menu: its `website.menu` records (Home, pages, links, the enabled modules' pages),
 * in the request's language, with one level of sub-entries. Hidden entries, entries of modules not
 * enabled on the site and entries leading to a page the caller may not read (a draft, for a visitor)
 * are left out. Read once per site, language and reader (the visitors share one), then kept until
 * one of the tables it follows from is written (MENU_TABLES: a menu, page, site, module, language or
 * access change), or anything by another process: a warm page asks nothing, and a write that no menu
 * shows (a customer's contact, an order) leaves it.
 */
@injectable()
export class WebsiteMenu implements MenuContribution {
  readonly ownsMenu = true;
  private readonly cache: SiteCache<MenuEntry[]>;

  constructor(@inject(SiteCaches) caches: SiteCaches, @inject(ModuleMenuEntries) private readonly modules: ModuleMenuEntries) {
    this.cache = caches.create<MenuEntry[]>(1000, MENU_TABLES);
  }

  menuEntriesFor(req: RequestContext): Promise<MenuEntry[]> {
    // Keyed by user, not by groups: record rules may depend on who is asking (and a change of groups is a write).
    return this.cache.get(`${req.site.id}|${req.lang}|${req.isPublic ? 'public' : req.user.id}`, () => this.read(req));
  }

  private async read(req: RequestContext): Promise<MenuEntry[]> {
    // A module enabled or disabled since the last read: its entry is added or removed first.
    await this.modules.sync(req.env.sudo(), req.site);
    const records = await req.env.model('website.menu').search_read(
      SITE_PAGES(req.site.id), ['name', 'url', 'page_id', 'sequence', 'parent_id', 'is_visible', 'module'],
    ) as unknown as MenuRecord[];
    const pageIds = records.map((r) => (r.page_id ? r.page_id[0] : 0)).filter(Boolean);
    const pages = pageIds.length ? await req.env.model('website.page').search_read([['id', 'in', pageIds]], ['url']) : [];
    const urlOf = new Map(pages.map((p) => [Number(p.id), String(p.url)]));
    const entry = (r: MenuRecord): MenuEntry | null => {
      if (!r.is_visible || (r.module && !req.site.modules.has(r.module))) return null;
      const url = r.page_id ? urlOf.get(r.page_id[0]) : r.url || undefined;
      return url ? { name: String(r.name), url, sequence: Number(r.sequence) || 0 } : null;
    };
    const top = records.filter((r) => !r.parent_id);
    return top.flatMap((r) => {
      const e = entry(r);
      if (!e) return [];
      const children = records.filter((c) => c.parent_id && c.parent_id[0] === r.id).map(entry).filter((c): c is MenuEntry => c !== null);
      return [children.length ? { ...e, children } : e];
    });
  }
}

import { injectable } from 'inversify';
import { type ContributionProvider, injectContributions } from '@platform/core';
import type { Site } from '@platform/http';
import type { Env } from '@platform/orm';
import { MenuContribution, type MenuEntry } from '@platform/web';

/** The website's own entries: the home page and the gallery. */
const WEBSITE_ENTRIES: MenuEntry[] = [{ name: 'Home', url: '/', sequence: 0 }, { name: 'Gallery', url: '/gallery', sequence: 90 }];

interface Declared { module: string; entry: MenuEntry }

/**
 * The modules' menu entries as records of the site's menu, so an owner renames, hides and moves
 * them like any other: each module declares its entry (a MenuContribution's `menuEntries`, e.g. the
 * forum's /forum); here it becomes a `website.menu` record of every site where the module is enabled,
 * and goes when the module is disabled there. Entries for some groups only (the link tracker's) stay
 * out: they are not the site's to edit.
 */
@injectable()
export class ModuleMenuEntries {
  private readonly running = new Map<number, Promise<boolean>>();
  /** Per site, the modules its entries were last brought in line with (by this process). */
  private readonly inLine = new Map<number, string>();

  constructor(@injectContributions(MenuContribution) private readonly menus: ContributionProvider<MenuContribution>) {}

  declared(): Declared[] {
    const list: Declared[] = WEBSITE_ENTRIES.map((entry) => ({ module: 'website', entry }));
    for (const c of this.menus.getContributions()) {
      if (c.ownsMenu) continue;
      const module = this.menus.ownerOf(c);
      for (const entry of c.menuEntries?.() ?? []) if (!entry.groups) list.push({ module, entry });
    }
    return list;
  }

  /**
   * Brings the site's module entries in line with its modules (one run per site at a time); true when it
   * wrote. Skipped while the site's modules are those of the last run here: a menu read after any write
   * (the caches empty on every write) then costs no query for it.
   */
  sync(sudo: Env, site: Site): Promise<boolean> {
    const modules = [...site.modules].sort().join(',');
    if (this.inLine.get(site.id) === modules) return Promise.resolve(false);
    const previous = this.running.get(site.id) ?? Promise.resolve(false);
    const run = previous.catch(() => false).then(async () => {
      const wrote = await this.apply(sudo, site);
      this.inLine.set(site.id, modules);
      return wrote;
    });
    this.running.set(site.id, run);
    return run.finally(() => {
      if (this.running.get(site.id) === run) this.running.delete(site.id);
    });
  }

  private async apply(sudo: Env, site: Site): Promise<boolean> {
    const menus = sudo.model('website.menu');
    const declared = this.declared();
    const records = await menus.search_read([['website_id', '=', site.id], ['module', '!=', false]], ['module', 'url', 'sequence']);
    const seen = new Set<string>();
    const stale: number[] = [];
    for (const r of records) {
      const key = `${r.module}|${r.url}`;
      const wanted = site.modules.has(String(r.module)) && declared.some((d) => d.module === r.module && d.entry.url === r.url);
      if (!wanted || seen.has(key)) stale.push(Number(r.id));
      seen.add(key);
    }
    const missing = declared.filter((d) => site.modules.has(d.module) && !seen.has(`${d.module}|${d.entry.url}`));
    if (!stale.length && !missing.length) return false;
    if (stale.length) await menus.unlink(stale);
    // A site's first entries take their declared places; a module enabled later comes last.
    const first = records.length === 0;
    let last = first ? 0 : Number((await menus.search_read([['website_id', '=', site.id]], ['sequence'], { order: 'sequence desc', limit: 1 }))[0]?.sequence) || 0;
    for (const d of missing) {
      last += 10;
      await menus.create({ name: d.entry.name, url: d.entry.url, module: d.module, website_id: site.id, sequence: first ? d.entry.sequence : last });
    }
    return true;
  }
}

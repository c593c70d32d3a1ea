import { ValidationError } from '@platform/core';
import type { Site } from '@platform/http';
import type { Env } from '@platform/orm';
import type { MenuSaveValues } from '../../common/menu-schemas';
import type { EditorMenuItem } from '../../web/editor/menu-items';
import { SITE_PAGES } from './site-pages';

/** The site's menu as the editor lists it: every entry, hidden ones too, sub-entries after their parent. */
export async function menuForEditor(env: Env, site: Site): Promise<EditorMenuItem[]> {
  const records = await env.model('website.menu').search_read(SITE_PAGES(site.id), ['name', 'url', 'page_id', 'parent_id', 'is_visible', 'module']);
  const pageIds = records.map((r) => (Array.isArray(r.page_id) ? Number(r.page_id[0]) : 0)).filter(Boolean);
  const pages = pageIds.length ? await env.model('website.page').search_read([['id', 'in', pageIds]], ['url']) : [];
  const urlOf = new Map(pages.map((p) => [Number(p.id), String(p.url)]));
  // Entries of modules not enabled on the site are not the site's (the next sync removes them).
  const shown = records.filter((r) => !r.module || site.modules.has(String(r.module)));
  const item = (r: Record<string, unknown>, depth: 0 | 1): EditorMenuItem => ({
    key: `m${r.id}`, id: Number(r.id), name: String(r.name), depth, visible: Boolean(r.is_visible),
    url: Array.isArray(r.page_id) ? urlOf.get(Number(r.page_id[0])) ?? '' : String(r.url || ''),
    kind: r.module ? 'module' : Array.isArray(r.page_id) ? 'page' : 'link',
  });
  const top = shown.filter((r) => !r.parent_id);
  return top.flatMap((r) => [item(r, 0), ...shown.filter((c) => Array.isArray(c.parent_id) && c.parent_id[0] === r.id).map((c) => item(c, 1))]);
}

/**
 * Writes the menu the editor sends: names, visibility, order and nesting of the entries it names, new
 * links created, and the page entries and links it left out removed (a module's entry is hidden,
 * never removed: it belongs to the module). In `env`'s language and transaction.
 */
export async function saveMenu(env: Env, site: Site, values: MenuSaveValues): Promise<void> {
  const menus = env.model('website.menu');
  const existing = await menus.search_read(SITE_PAGES(site.id), ['page_id', 'module', 'url']);
  const byId = new Map(existing.map((r) => [Number(r.id), r]));
  const named = [...values.entries, ...values.entries.flatMap((e) => e.children ?? [])];
  const ids = named.map((e) => e.id).filter((id): id is number => id !== undefined);
  if (ids.some((id) => !byId.has(id))) throw new ValidationError('Some of these menu entries do not exist on this site: reload the page.');
  if (new Set(ids).size !== ids.length) throw new ValidationError('A menu entry appears twice.');
  for (const e of named) if (e.id === undefined && !e.url) throw new ValidationError(`Give the link '${e.name}' an address.`);
  const removed = existing.filter((r) => !ids.includes(Number(r.id)));
  if (removed.some((r) => r.module)) throw new ValidationError("A module's entry cannot be removed: hide it instead.");
  if (removed.length) await menus.unlink(removed.map((r) => Number(r.id)));
  let sequence = 0;
  const write = async (e: MenuSaveValues['entries'][number], parent: number | false): Promise<number> => {
    sequence += 10;
    const vals: Record<string, unknown> = { name: e.name.trim(), is_visible: e.visible, sequence, parent_id: parent };
    if (e.id === undefined) return menus.create({ ...vals, url: e.url!.trim(), website_id: site.id });
    const record = byId.get(e.id)!;
    // A link's address may change; a page's follows the page, a module's is the module's.
    if (!record.page_id && !record.module && e.url) vals.url = e.url.trim();
    await menus.write([e.id], vals);
    return e.id;
  };
  for (const e of values.entries) {
    const id = await write(e, false);
    for (const c of e.children ?? []) await write(c, id);
  }
}

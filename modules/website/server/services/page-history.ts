import { injectable } from 'inversify';
import { AccessError, MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { PAGE_VERSION_MODEL } from '../models/website-page-version';

/** Versions kept per page; older ones are pruned when a new one is recorded. */
export const MAX_PAGE_VERSIONS = 20;
/** The page's stored content (the one column that holds its layout and texts, every language). */
const STORED_COLUMN = 'content';
export const DESIGNER_ONLY = 'Only website designers can see and restore the versions of a page.';

export interface PageVersionInfo {
  id: number;
  date: string;
  author: string;
  restoredFrom: number | null;
  current: boolean;
}

/**
 * A page's history: each save records the content as stored (after sanitising), the last
 * MAX_PAGE_VERSIONS kept. Designers list them and restore one, which writes that content back and
 * records it as a new version (so a restore can be undone by restoring the previous one).
 */
@injectable()
export class PageHistory {
  /** Records the page's stored content as a new version, then prunes past the limit. */
  async record(env: Env, pageId: number, restoredFrom?: number): Promise<number> {
    const row = await env.db('website_page').where({ id: pageId }).first(STORED_COLUMN);
    if (!row) throw new MissingError('This page does not exist any more.');
    // As the superuser (nobody creates versions through the ORM); create_uid stays the caller.
    const versions = env.sudo().model(PAGE_VERSION_MODEL);
    const id = await versions.create({ page_id: pageId, content: row[STORED_COLUMN] ?? '', restored_from_id: restoredFrom ?? false });
    const old = await versions.search([['page_id', '=', pageId]], { order: 'id desc', offset: MAX_PAGE_VERSIONS });
    if (old.length) await versions.unlink(old);
    return id;
  }

  /** The page's versions, newest first, for a designer who can read the page. */
  async list(env: Env, pageId: number): Promise<PageVersionInfo[]> {
    this.assertDesigner(env);
    await env.model('website.page').read([pageId], ['id']);
    const rows = await env.model(PAGE_VERSION_MODEL).search_read([['page_id', '=', pageId]], ['create_date', 'create_uid', 'restored_from_id'], { order: 'id desc' });
    return rows.map((r, i) => ({
      id: Number(r.id),
      date: String(r.create_date),
      author: Array.isArray(r.create_uid) ? String(r.create_uid[1]) : '',
      restoredFrom: Number(r.restored_from_id) || null,
      current: i === 0,
    }));
  }

  /**
   * Writes a version's content back to its page (the write goes through the page's access rights and
   * record rules first) and records it as the newest version.
   */
  async restore(env: Env, pageId: number, versionId: number): Promise<number> {
    this.assertDesigner(env);
    return env.transaction(async (tx) => {
      const [version] = await tx.model(PAGE_VERSION_MODEL).search_read([['id', '=', versionId], ['page_id', '=', pageId]], ['content']);
      if (!version) throw new MissingError('This version does not exist (any more) for this page.');
      // An empty write: the caller's write rights and rules on this page, and its write date and author.
      await tx.model('website.page').write([pageId], {});
      // The content was sanitised when it was saved; it goes back as it was stored, every language with it.
      await tx.db('website_page').where({ id: pageId }).update({ [STORED_COLUMN]: version.content === false ? null : version.content });
      return this.record(tx, pageId, versionId);
    });
  }

  private assertDesigner(env: Env): void {
    if (!env.hasGroup('website.group_website_designer')) throw new AccessError(DESIGNER_ONLY);
  }
}

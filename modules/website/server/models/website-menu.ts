import { ValidationError } from '@platform/core';
import { defineModel, fields } from '@platform/orm';
import { MENU_URL } from '../../common/menu-schemas';

/**
 * An entry of a site's main menu, edited in place by publishers: a page (its URL follows the page) or
 * a URL, ordered by sequence; `parent_id` nests entries under another.
 */
export const WebsiteMenu = defineModel({
  name: 'website.menu',
  description: 'Website menu',
  order: 'sequence, id',
  fields: {
    name: fields.char({ required: true, translate: true, size: 128, string: 'Menu' }),
    url: fields.char({ size: 256, string: 'URL' }),
    page_id: fields.many2one('website.page', { string: 'Page', ondelete: 'cascade' }),
    sequence: fields.integer({ default: 10 }),
    parent_id: fields.many2one('website.menu', { string: 'Parent menu', ondelete: 'cascade' }),
    website_id: fields.many2one('website', { string: 'Website', ondelete: 'cascade' }),
    // Hidden entries stay in the editor (renamed, reordered) but not in the site's header.
    is_visible: fields.boolean({ default: true, string: 'Visible' }),
    // The module whose page the entry leads to: created when the module is enabled on the site, removed when disabled.
    module: fields.char({ size: 64, string: 'Module', readonly: true }),
  },
  constraints: [
    async (env, ids) => {
      const rows: Array<{ url: string | null; page_id: number | null }> = await env.db('website_menu').whereIn('id', ids).select('url', 'page_id');
      for (const row of rows) {
        if (row.page_id === null && !row.url) throw new ValidationError('A menu entry leads to a page or to a URL.');
        if (row.url && !MENU_URL.test(row.url)) throw new ValidationError(`'${row.url}' is not a menu URL: write a path of this site (/contact) or an http(s) address.`);
      }
    },
  ],
});

import { ValidationError } from '@platform/core';
import { defineModel, fields } from '@platform/orm';

/**
 * The translation of one term of a page's layout (see services/page-terms.ts) into one language,
 * keyed by the source term: the layout itself is stored once, on the page. A term whose source text
 * changed no longer matches and shows in the main language until translated again.
 */
export const WebsitePageTerm = defineModel({
  name: 'website.page.term',
  description: 'Website page translation',
  order: 'page_id, lang, id',
  fields: {
    page_id: fields.many2one('website.page', { required: true, ondelete: 'cascade', string: 'Page' }),
    lang: fields.char({ required: true, size: 16, string: 'Language' }),
    source: fields.text({ required: true, string: 'Source term' }),
    value: fields.html({ required: true, string: 'Translation' }),
  },
  constraints: [
    async (env, ids) => {
      const rows: Array<{ page_id: number; lang: string; source: string }> = await env.db('website_page_term').whereIn('id', ids).select('page_id', 'lang', 'source');
      for (const r of rows) {
        const count = await env.db('website_page_term').where({ page_id: r.page_id, lang: r.lang, source: r.source }).count({ n: '*' }).first();
        if (Number(count?.n) > 1) throw new ValidationError('This text of the page already has a translation in this language.');
      }
    },
  ],
});

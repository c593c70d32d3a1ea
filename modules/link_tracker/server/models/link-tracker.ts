import { defineModel, fields } from '@platform/orm';
import { ValidationError } from '@platform/core';

/**
 * A tracked short link. `code` and `short_url` show the newest code; older codes keep redirecting.
 * The click counters are kept by the click recorder (never by callers), hence read-only.
 */
export const LinkTracker = defineModel({
  name: 'link.tracker',
  description: 'Tracked link',
  order: 'create_date desc, id desc',
  recName: 'short_url',
  fields: {
    url: fields.char({ required: true, size: 2048, string: 'Target URL' }),
    title: fields.char({ size: 512 }),
    code: fields.char({ readonly: true, size: 64 }),
    short_url: fields.char({ readonly: true, size: 2200 }),
    campaign_id: fields.many2one('utm.campaign', { ondelete: 'set null', string: 'Campaign' }),
    medium_id: fields.many2one('utm.medium', { ondelete: 'set null', string: 'Medium' }),
    source_id: fields.many2one('utm.source', { ondelete: 'set null', string: 'Source' }),
    count: fields.integer({ readonly: true, default: 0, string: 'Number of clicks' }),
    unique_count: fields.integer({ readonly: true, default: 0, string: 'Unique visitors' }),
    last_click_date: fields.datetime({ readonly: true, string: 'Last click' }),
    // Codes are made by /website_links/* and clicks by the redirect: read-only here (statistics, not data to edit).
    link_code_ids: fields.one2many('link.tracker.code', 'link_id', { readonly: true, string: 'Codes' }),
    link_click_ids: fields.one2many('link.tracker.click', 'link_id', { readonly: true, string: 'Clicks' }),
  },
  constraints: [
    // Whoever writes (the admin has every right): the redirect must only ever lead to a web page.
    async (env, ids) => {
      const rows: Array<{ url: string }> = await env.db('link_tracker').whereIn('id', ids).select('url');
      for (const { url } of rows) {
        if (!/^https?:\/\/[^\s/?#]+/i.test(url)) throw new ValidationError('Only http and https URLs can be tracked');
      }
    },
  ],
});

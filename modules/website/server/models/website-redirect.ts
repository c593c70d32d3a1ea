import { ValidationError } from '@platform/core';
import { defineModel, fields } from '@platform/orm';
import { REDIRECT_TYPES, redirectFromProblem, redirectToProblem } from '../../common/redirect-urls';

const DESIGNER = 'website.group_website_designer';

interface Row { id: number; url_from: string; url_to: string; website_id: number | null }

/**
 * An old URL of a site answered with a redirect before routing (see RedirectHotPath): made when a
 * page's URL changes, or by hand in the back office. One per source and site; never a loop (a -> b
 * while b leads back to a); targets are local paths, or http(s) addresses that a designer entered.
 */
export const WebsiteRedirect = defineModel({
  name: 'website.redirect',
  description: 'Website redirect',
  order: 'url_from, id',
  recName: 'url_from',
  fields: {
    url_from: fields.char({ required: true, size: 256, string: 'From' }),
    url_to: fields.char({ required: true, size: 512, string: 'To' }),
    redirect_type: fields.selection(REDIRECT_TYPES.map((t) => [t, t === '301' ? '301 Moved permanently' : '302 Found (temporary)'] as const), { required: true, default: '301', string: 'Type' }),
    website_id: fields.many2one('website', { string: 'Website', ondelete: 'cascade' }),
    // Counted by the hot path in batches, in a table of their own (not a change of what pages show).
    hits: fields.integer({
      string: 'Hits', readonly: true,
      compute: async (record, env) => Number((await env.db('website_redirect_hit').where('redirect_id', Number(record.id)).first('hits'))?.hits ?? 0),
    }),
  },
  constraints: [
    async (env, ids) => {
      const rows: Row[] = await env.db('website_redirect').whereIn('id', ids).select('id', 'url_from', 'url_to', 'website_id');
      for (const row of rows) {
        const from = redirectFromProblem(row.url_from);
        if (from) throw new ValidationError(from);
        const to = redirectToProblem(row.url_to, env.isSuperuser || env.hasGroup(DESIGNER));
        if (to) throw new ValidationError(to);
        if (row.url_to === row.url_from) throw new ValidationError(`'${row.url_from}' cannot redirect to itself.`);
        const sameSite = (q: ReturnType<typeof env.db>) => (row.website_id === null ? q : q.where((w) => void w.whereNull('website_id').orWhere('website_id', row.website_id)));
        const twin = await sameSite(env.db('website_redirect').where('url_from', row.url_from).whereNot('id', row.id)).first('id');
        if (twin) throw new ValidationError(`'${row.url_from}' is already redirected: change that redirect instead.`);
        // Follow the target through the other redirects of the site: coming back to the source is a loop.
        let next = row.url_to.split('?')[0];
        for (let hop = 0; hop < 20 && next.startsWith('/'); hop++) {
          const step: { url_to: string } | undefined = await sameSite(env.db('website_redirect').where('url_from', next)).first('url_to');
          if (!step) break;
          next = step.url_to.split('?')[0];
          if (next === row.url_from) throw new ValidationError(`'${row.url_to}' already leads back to '${row.url_from}': this redirect would make a loop.`);
        }
      }
    },
  ],
});

import { ValidationError } from '@platform/core/errors';
import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

/** An http(s) origin: scheme and host (port allowed), no path, query, fragment or credentials. */
const ORIGIN = /^https?:\/\/[^\s/?#@]+$/i;
/** A web address a footer may link to: http or https only (never `javascript:` or `data:`). */
export const HTTP_URL = /^https?:\/\/[^\s]+$/i;

/** Social networks a site can link to from its footer (`social_<network>` fields). */
export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'linkedin', 'instagram', 'youtube', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
const SOCIAL_LABELS: Record<SocialNetwork, string> = { facebook: 'Facebook', twitter: 'X (Twitter)', linkedin: 'LinkedIn', instagram: 'Instagram', youtube: 'YouTube', github: 'GitHub' };

/** A site served by this installation; chosen per request from the Host header. */
export const Website = defineModel({
  name: 'website',
  description: 'Website',
  order: 'id',
  fields: {
    name: fields.char({ required: true }),
    domain: fields.char({ string: 'Host name (without port)' }),
    // Links the site gives out (sitemap, robots.txt, short URLs, e-mails) are built on this, never on
    // the request's Host header; without it, on http://<domain> (see SiteUrls).
    base_url: fields.char({ string: 'Public base URL (e.g. https://www.example.com)', size: 256 }),
    default_lang_id: fields.many2one('res.lang', { required: true }),
    language_ids: fields.many2many('res.lang'),
    user_id: fields.many2one('res.users', { string: 'Public user', required: true }),
    // What the site shows of itself (site settings): the header's logo, the footer's columns.
    logo: fields.image({ string: 'Logo' }),
    footer_text: fields.text({ translate: true, string: 'About text (footer)' }),
    contact_email: fields.char({ string: 'Contact e-mail', size: 256 }),
    contact_phone: fields.char({ string: 'Contact phone', size: 64 }),
    contact_address: fields.text({ string: 'Contact address' }),
    ...Object.fromEntries(SOCIAL_NETWORKS.map((n) => [`social_${n}`, fields.char({ string: `${SOCIAL_LABELS[n]} URL`, size: 256 })])),
  },
  duplicateMessage: (vals) => `Another website already uses the domain '${String(vals.domain ?? '')}'`,
  constraints: [
    // Social links are written on every page of the site: checked here, so a write through call_kw (the
    // back office's Sites list) holds to the settings form's rule.
    async (env, ids) => {
      const rows: Array<Record<string, string | null>> = await env.db('website').whereIn('id', ids).select(SOCIAL_NETWORKS.map((n) => `social_${n}`));
      for (const row of rows) {
        for (const network of SOCIAL_NETWORKS) {
          const url = row[`social_${network}`];
          if (url && !(HTTP_URL.test(url) && URL.canParse(url))) throw new ValidationError(`The ${SOCIAL_LABELS[network]} link must be a full address starting with https://`);
        }
      }
    },
    // Stored without a trailing slash, so links are `${base_url}/path`.
    async (env, ids) => {
      const rows: Array<{ id: number; base_url: string | null }> = await env.db('website').whereIn('id', ids).whereNotNull('base_url').select('id', 'base_url');
      for (const row of rows) {
        const trimmed = row.base_url!.trim().replace(/\/+$/, '');
        if (!trimmed) {
          await env.db('website').where({ id: row.id }).update({ base_url: null });
          continue;
        }
        if (!ORIGIN.test(trimmed) || !URL.canParse(trimmed)) throw new ValidationError(`'${row.base_url}' is not a base URL: write the scheme and host only, e.g. https://www.example.com`);
        if (trimmed !== row.base_url) await env.db('website').where({ id: row.id }).update({ base_url: trimmed });
      }
    },
  ],
});

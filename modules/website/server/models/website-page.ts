import { type ComputeFn, defineModel, fields, type Env, type ModelConstraint, type ModelDefinition, type UnlinkHook, type WriteHook } from '@platform/orm';
import { ValidationError } from '@platform/core';

export const HOME_STAYS_PUBLISHED = 'The home page (/) cannot be unpublished: every visitor of the site would get a "page not found" error instead.';

/**
 * The page at `/` is the site's front door: unpublished, every visitor gets a 404. Refused here, so
 * no path can do it (the publish toggle, page properties, a call_kw write from the back office).
 */
const homeStaysPublished: ModelConstraint = async (env, ids) => {
  const draftHome = await env.db('website_page').whereIn('id', ids).where('url', '/').where((q) => void q.where('website_published', false).orWhereNull('website_published')).first('id');
  if (draftHome) throw new ValidationError(HOME_STAYS_PUBLISHED);
};

export const HOME_STAYS = 'The home page (/) cannot be deleted or moved to another URL: every visitor of the site would get a "page not found" error instead. Edit its content instead.';

/** Whether one of these pages is a home page (URLs are unique per site, a shared page counting on every site: nothing takes over). */
async function includesHome(env: Env, ids: number[]): Promise<boolean> {
  return !!(await env.db('website_page').whereIn('id', ids).where('url', '/').first('id'));
}

const homeStaysOnDelete: UnlinkHook = async (env, ids) => {
  if (await includesHome(env, ids)) throw new ValidationError(HOME_STAYS);
};

/** Runs before the new values land, so the page's URL is still the old one here. */
const homeStaysAtRoot: WriteHook = async (env, ids, vals) => {
  if ('url' in vals && vals.url !== '/' && (await includesHome(env, ids))) throw new ValidationError(HOME_STAYS);
};

/**
 * A page of the site served at its own URL (`/about-us`, or `/` for the home page); visible to the
 * public once published. `checkUrl` is PageUrls' rule (leading `/`, unique per site, not a route of
 * the platform or a module), which needs the routes of the running modules. The layout (`content`)
 * is one for every language; its texts are translated by term (`website.page.term`), and
 * `translation_status` (computed by PageTranslations) says what is left to translate.
 */
export function websitePageModel(checkUrl: ModelConstraint, translationStatus: ComputeFn): ModelDefinition {
  return defineModel({
    name: 'website.page',
    description: 'Website page',
    order: 'url',
    publishable: true,
    fields: {
      name: fields.char({ required: true, translate: true, string: 'Title' }),
      url: fields.char({ required: true, size: 256, string: 'URL' }),
      content: fields.html({ string: 'Layout' }),
      translation_status: fields.char({ readonly: true, string: 'To translate', compute: translationStatus, depends: ['content', 'website_id'] }),
      website_published: fields.boolean({ default: false, string: 'Visible in website' }),
      website_meta_title: fields.char({ translate: true, string: 'SEO title' }),
      website_meta_description: fields.text({ translate: true, string: 'SEO description' }),
      website_id: fields.many2one('website', { string: 'Restrict to website' }),
    },
    constraints: [checkUrl, homeStaysPublished],
    beforeWrite: [homeStaysAtRoot],
    beforeUnlink: [homeStaysOnDelete],
    duplicateMessage: (vals) => `Another page already has the URL '${String(vals.url ?? '')}' on this site.`,
  });
}

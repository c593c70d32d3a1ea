import { defineModel, type ModelConstraint, type ModelDefinition } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

/**
 * A page of the site served at its own URL (`/about-us`, or `/` for the home page); visible to the
 * public once published. `checkUrl` is PageUrls' rule (leading `/`, unique per site, not a route of
 * the platform or a module), which needs the routes of the running modules.
 */
export function websitePageModel(checkUrl: ModelConstraint): ModelDefinition {
  return defineModel({
    name: 'website.page',
    description: 'Website page',
    order: 'url',
    publishable: true,
    fields: {
      name: fields.char({ required: true, translate: true, string: 'Title' }),
      url: fields.char({ required: true, size: 256, string: 'URL' }),
      content: fields.html({ translate: true }),
      website_published: fields.boolean({ default: false, string: 'Visible in website' }),
      website_meta_title: fields.char({ translate: true, string: 'SEO title' }),
      website_meta_description: fields.text({ translate: true, string: 'SEO description' }),
      website_id: fields.many2one('website', { string: 'Restrict to website' }),
    },
    constraints: [checkUrl],
    duplicateMessage: (vals) => `Another page already has the URL '${String(vals.url ?? '')}' on this site.`,
  });
}

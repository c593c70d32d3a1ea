import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

/** A page of the site with its own URL; visible to the public once published. */
export const WebsitePage = defineModel({
  name: 'website.page',
  description: 'Website page',
  order: 'url',
  publishable: true,
  fields: {
    name: fields.char({ required: true, translate: true, string: 'Title' }),
    url: fields.char({ required: true, size: 256 }),
    content: fields.html({ translate: true }),
    website_published: fields.boolean({ default: false, string: 'Visible in website' }),
    website_meta_title: fields.char({ translate: true, string: 'SEO title' }),
    website_meta_description: fields.text({ translate: true, string: 'SEO description' }),
    website_id: fields.many2one('website', { string: 'Restrict to website' }),
  },
});

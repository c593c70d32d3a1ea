import { fields } from '../../../../platform/orm/fields';

/**
 * Fields of a record shown on the site (the original platform's website.published.mixin): spread them
 * into a model's fields, add a read rule for visitors on `website_published`, and `/website/publish`
 * can flip it for publishers.
 */
export function websitePublishedFields() {
  return {
    website_published: fields.boolean({ default: false, string: 'Visible in website' }),
  };
}

/** SEO fields (website.seo.metadata), all translatable. */
export function websiteSeoFields() {
  return {
    website_meta_title: fields.char({ translate: true, string: 'SEO title' }),
    website_meta_description: fields.text({ translate: true, string: 'SEO description' }),
    website_meta_keywords: fields.char({ translate: true, string: 'SEO keywords' }),
  };
}

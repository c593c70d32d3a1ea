import { defineModel, fields } from '@platform/orm';

export const PAGE_VERSION_MODEL = 'website.page.version';

/**
 * A saved version of a page's content (as stored, every language it holds), written by PageHistory
 * on each save and restore; who and when are its create_uid and create_date. Nobody writes these
 * through the ORM (the manifest gives read to designers only), so a version cannot be forged.
 */
export const WebsitePageVersion = defineModel({
  name: PAGE_VERSION_MODEL,
  description: 'Website page version',
  order: 'id desc',
  fields: {
    page_id: fields.many2one('website.page', { required: true, ondelete: 'cascade', string: 'Page' }),
    content: fields.text({ string: 'Content as stored' }),
    restored_from_id: fields.integer({ string: 'Restored from version' }),
  },
});

import { utcText } from '@platform/common';
import { defineModel, fields, type Env } from '@platform/orm';
import { ValidationError } from '@platform/core';
import { DUPLICATE_TITLE_MESSAGE, INVALID_URL_MESSAGE, parseDocumentUrl, SLIDE_TYPES } from '../../common/slide-constants';

export const SLIDE_MODEL = 'slide.slide';

/**
 * A slide: a PDF (document or presentation), an image (infographic) or a video (a YouTube or Google
 * Drive URL). The file is an `ir.attachment` (never public: `/slides/slide/<id>/pdf_content` serves it
 * after checking the slide with the reader's rights). Counters are written by the module's services
 * only (readonly here), after their checks. A title is unique in its channel (a unique index).
 */
export const SlideSlide = defineModel({
  name: SLIDE_MODEL,
  description: 'Slide',
  order: 'date_published desc, id desc',
  publishable: true,
  fields: {
    name: fields.char({ required: true, size: 256, string: 'Title' }),
    channel_id: fields.many2one('slide.channel', { required: true, ondelete: 'cascade', string: 'Channel' }),
    description: fields.text({ string: 'Description' }),
    category_id: fields.many2one('slide.category', { ondelete: 'set null', string: 'Category' }),
    tag_ids: { ...fields.many2many('slide.tag'), relation: 'slide_slide_tag_rel', column1: 'slide_id', column2: 'tag_id', string: 'Tags' },
    slide_type: fields.selection(SLIDE_TYPES, { required: true, default: 'document', string: 'Type' }),
    mime_type: fields.char({ size: 128, readonly: true, string: 'Mime type' }),
    attachment_id: fields.many2one('ir.attachment', { ondelete: 'set null', readonly: true, string: 'File' }),
    page_count: fields.integer({ readonly: true, default: 0, string: 'Pages' }),
    url: fields.char({ size: 1024, string: 'Document URL' }),
    document_id: fields.char({ size: 128, readonly: true, string: 'Document id' }),
    image: fields.image({ string: 'Image' }),
    index_content: fields.text({ string: 'Transcript' }),
    likes: fields.integer({ readonly: true, default: 0, string: 'Likes' }),
    dislikes: fields.integer({ readonly: true, default: 0, string: 'Dislikes' }),
    slide_views: fields.integer({ readonly: true, default: 0, string: 'Views' }),
    embed_views: fields.integer({ readonly: true, default: 0, string: 'Embed views' }),
    share_count: fields.integer({ readonly: true, default: 0, string: 'Shares' }),
    website_published: fields.boolean({ default: false, string: 'Published' }),
    date_published: fields.datetime({ string: 'Publish date' }),
  },
  duplicateMessage: () => DUPLICATE_TITLE_MESSAGE,
  // A document URL (set in the back office too) must be one the site can play; its id is kept beside it.
  constraints: [async (env: Env, ids: number[]) => {
    const rows = await env.db('slide_slide').whereIn('id', ids).select('id', 'url', 'document_id');
    for (const row of rows) {
      if (!row.url) continue;
      const parsed = parseDocumentUrl(String(row.url));
      if (!parsed) throw new ValidationError(INVALID_URL_MESSAGE);
      if (row.document_id !== parsed.id) await env.db('slide_slide').where({ id: row.id }).update({ document_id: parsed.id });
    }
  }],
  // Publishing (the back office, the site's publish toggle) stamps the publication date once.
  beforeWrite: [async (env: Env, ids: number[], vals: Record<string, unknown>) => {
    if (vals.website_published !== true || 'date_published' in vals) return;
    await env.db('slide_slide').whereIn('id', ids).whereNull('date_published').update({ date_published: utcText() });
  }],
});

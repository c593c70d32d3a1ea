import { defineModel, fields } from '@platform/orm';

export const EMBED_MODEL = 'slide.embed';

/** Views of a slide embedded in another site, one row per referring host (a unique index). */
export const SlideEmbed = defineModel({
  name: EMBED_MODEL,
  description: 'Embedded slide views',
  order: 'count_views desc, id',
  fields: {
    slide_id: fields.many2one('slide.slide', { required: true, ondelete: 'cascade', readonly: true, string: 'Slide' }),
    url: fields.char({ required: true, size: 255, readonly: true, string: 'Referring host' }),
    count_views: fields.integer({ default: 1, readonly: true, string: 'Views' }),
  },
});

import { defineModel, fields } from '@platform/orm';

export const CATEGORY_MODEL = 'slide.category';

/** A category of a channel's slides (visible with its channel: the manifest's record rules). */
export const SlideCategory = defineModel({
  name: CATEGORY_MODEL,
  description: 'Slide category',
  order: 'sequence, id',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Name' }),
    channel_id: fields.many2one('slide.channel', { required: true, ondelete: 'cascade', string: 'Channel' }),
    sequence: fields.integer({ default: 10 }),
  },
  duplicateMessage: () => 'This channel already has a category of that name.',
});

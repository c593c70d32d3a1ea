import { defineModel, fields } from '@platform/orm';

/** A short code of a link; several may point to one link (the migration makes codes unique). */
export const LinkTrackerCode = defineModel({
  name: 'link.tracker.code',
  description: 'Tracked link code',
  recName: 'code',
  fields: {
    code: fields.char({ required: true, size: 64 }),
    link_id: fields.many2one('link.tracker', { required: true, ondelete: 'cascade', string: 'Link' }),
  },
});

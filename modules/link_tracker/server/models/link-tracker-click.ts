import { defineModel, fields } from '@platform/orm';

/** One visit of a short link (bots excluded); `create_date` is the time of the click. */
export const LinkTrackerClick = defineModel({
  name: 'link.tracker.click',
  description: 'Link click',
  recName: 'link_id',
  fields: {
    link_id: fields.many2one('link.tracker', { required: true, ondelete: 'cascade', string: 'Link' }),
    ip: fields.char({ size: 64, string: 'Internet address' }),
    country_id: fields.many2one('res.country', { ondelete: 'set null', string: 'Country' }),
  },
});

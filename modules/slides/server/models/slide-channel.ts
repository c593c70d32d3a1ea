import { defineModel, fields } from '@platform/orm';
import { CHANNEL_VISIBILITIES, PROMOTE_STRATEGIES } from '../../common/slide-constants';

export const CHANNEL_MODEL = 'slide.channel';

/**
 * A channel of slides. `visibility` decides who sees it (the manifest's record rules): public and
 * partial channels are listed to everybody, private ones to the members of `group_ids` only; in a
 * partial channel non-members see the slides' promotional fields but not their content. Uploads are
 * for the members of `upload_group_ids` (empty: any internal user who sees the channel).
 */
export const SlideChannel = defineModel({
  name: CHANNEL_MODEL,
  description: 'Slide channel',
  order: 'sequence, id',
  publishable: true,
  fields: {
    name: fields.char({ required: true, size: 256, string: 'Name' }),
    description: fields.text({ string: 'Description' }),
    sequence: fields.integer({ default: 10 }),
    active: fields.boolean({ default: true }),
    website_published: fields.boolean({ default: true, string: 'Published' }),
    visibility: fields.selection(CHANNEL_VISIBILITIES, { required: true, default: 'public', string: 'Visibility' }),
    group_ids: { ...fields.many2many('res.groups'), relation: 'slide_channel_group_rel', column1: 'channel_id', column2: 'group_id', string: 'Member groups' },
    upload_group_ids: { ...fields.many2many('res.groups'), relation: 'slide_channel_upload_group_rel', column1: 'channel_id', column2: 'group_id', string: 'Upload groups' },
    promote_strategy: fields.selection(PROMOTE_STRATEGIES, { required: true, default: 'most_voted', string: 'Featured slide' }),
    custom_slide_id: fields.many2one('slide.slide', { ondelete: 'set null', string: 'Slide to promote' }),
    access_error_msg: fields.text({ string: 'Message for visitors without access' }),
  },
});

import { defineModel, fields } from '@platform/orm';

export const REASON_MODEL = 'forum.post.reason';

/** Why a post was closed (basic) or marked offensive; the records come with the module's data. */
export const ForumPostReason = defineModel({
  name: REASON_MODEL,
  description: 'Post Closing Reason',
  order: 'name, id',
  fields: {
    name: fields.char({ required: true, size: 128, translate: true }),
    reason_type: fields.selection([['basic', 'Basic'], ['offensive', 'Offensive']], { default: 'basic' }),
  },
});

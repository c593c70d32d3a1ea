import { defineModel, fields } from '@platform/orm';
import { TAG_MAX } from '../../common/tag-rules';

export const TAG_MODEL = 'forum.tag';

/** A tag of one forum, its name unique there (a unique index) and 2 to 35 characters (common/tag-rules.ts). */
export const ForumTag = defineModel({
  name: TAG_MODEL,
  description: 'Forum Tag',
  order: 'name, id',
  fields: {
    name: fields.char({ required: true, size: TAG_MAX }),
    forum_id: fields.many2one('forum.forum', { required: true, ondelete: 'cascade' }),
    posts_count: fields.integer({ default: 0 }),
  },
  duplicateMessage: () => 'Tag name already exists!',
});

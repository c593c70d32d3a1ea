import { defineModel, fields } from '@platform/orm';

export const VOTE_MODEL = 'forum.post.vote';

/** One row per user and post (a unique index), never deleted: a withdrawn vote is '0'. */
export const ForumPostVote = defineModel({
  name: VOTE_MODEL,
  description: 'Post Vote',
  fields: {
    post_id: fields.many2one('forum.post', { required: true, ondelete: 'cascade' }),
    user_id: fields.many2one('res.users', { required: true, ondelete: 'cascade' }),
    vote: fields.selection([['1', '1'], ['-1', '-1'], ['0', '0']], { required: true, default: '1' }),
    forum_id: fields.many2one('forum.forum', { ondelete: 'cascade' }),
    recipient_id: fields.many2one('res.users', { ondelete: 'cascade', string: 'To' }),
  },
  duplicateMessage: () => 'Vote already exists!',
});

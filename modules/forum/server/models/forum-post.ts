import { defineModel, fields } from '@platform/orm';
import { LINK_MAX, TITLE_MAX } from '../../common/post-schemas';
import { POST_TYPES } from './forum-forum';

export const POST_MODEL = 'forum.post';

export const POST_STATES = [['active', 'Active'], ['pending', 'Waiting Validation'], ['close', 'Close'], ['offensive', 'Offensive'], ['flagged', 'Flagged']] as const;

/**
 * A question (or link, or discussion) and its answers (`parent_id`). Posts are written only by
 * ForumPostService, which checks karma first: the manifest gives nobody but administrators write
 * access through the ORM, so `call_kw` cannot bypass a threshold. The counters are stored, kept up to
 * date by the services, so a list reads one row per post.
 */
export const ForumPost = defineModel({
  name: POST_MODEL,
  description: 'Forum Post',
  order: 'is_correct desc, vote_count desc, write_date desc, id desc',
  fields: {
    name: fields.char({ size: TITLE_MAX, string: 'Title' }),
    forum_id: fields.many2one('forum.forum', { required: true, ondelete: 'cascade' }),
    // Sanitised when written (html field); links of authors under karma_dofollow get rel="nofollow".
    content: fields.html(),
    plain_content: fields.text(),
    content_link: fields.char({ size: LINK_MAX, string: 'URL' }),
    post_type: fields.selection(POST_TYPES, { required: true, default: 'question' }),
    state: fields.selection(POST_STATES, { required: true, default: 'active' }),
    active: fields.boolean({ default: true }),
    parent_id: fields.many2one('forum.post', { ondelete: 'cascade', string: 'Question' }),
    child_ids: fields.one2many('forum.post', 'parent_id', { string: 'Answers' }),
    child_count: fields.integer({ default: 0 }),
    is_correct: fields.boolean({ default: false }),
    has_validated_answer: fields.boolean({ default: false }),
    tag_ids: fields.many2many('forum.tag', { relation: 'forum_tag_rel', column1: 'forum_post_id', column2: 'forum_tag_id' }),
    favourite_ids: fields.many2many('res.users', { relation: 'forum_favourite_rel', column1: 'forum_post_id', column2: 'user_id' }),
    favourite_count: fields.integer({ default: 0 }),
    vote_count: fields.integer({ default: 0 }),
    views: fields.integer({ default: 0 }),
    relevancy: fields.float({ default: 0 }),
    bump_date: fields.datetime(),
    flag_user_id: fields.many2one('res.users', { ondelete: 'set null' }),
    moderator_id: fields.many2one('res.users', { ondelete: 'set null' }),
    closed_reason_id: fields.many2one('forum.post.reason', { ondelete: 'set null' }),
    closed_uid: fields.many2one('res.users', { ondelete: 'set null' }),
    closed_date: fields.datetime(),
  },
});

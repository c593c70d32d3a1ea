import { defineModel, type FieldDefinition, fields } from '@platform/orm';
import { KARMA_GAINS, KARMA_THRESHOLDS } from '../../common/karma-rules';

export const FORUM_MODEL = 'forum.forum';

export const POST_TYPES = [['question', 'Question'], ['link', 'Article'], ['discussion', 'Discussion']] as const;
export const FORUM_ORDERS = [
  ['create_date desc', 'Newest'],
  ['write_date desc', 'Last Updated'],
  ['vote_count desc', 'Most Voted'],
  ['relevancy desc', 'Relevance'],
  ['child_count desc', 'Answered'],
] as const;

// One integer field per karma threshold and gain, its default the reference value.
const karmaFields: Record<string, FieldDefinition> = Object.fromEntries(
  Object.entries({ ...KARMA_THRESHOLDS, ...KARMA_GAINS }).map(([name, value]) => [name, fields.integer({ required: true, default: value })]),
);

/**
 * A forum: its texts, which post types it takes, its default order and every karma rule. Everybody
 * reads active forums; administrators change them (the manifest's rights).
 */
export const ForumForum = defineModel({
  name: FORUM_MODEL,
  description: 'Forum',
  order: 'sequence, id',
  fields: {
    name: fields.char({ required: true, size: 128, translate: true, string: 'Forum Name' }),
    sequence: fields.integer({ default: 1 }),
    active: fields.boolean({ default: true }),
    description: fields.text({ translate: true }),
    welcome_message: fields.html({ translate: true }),
    faq: fields.html({ translate: true, string: 'Guidelines' }),
    default_order: fields.selection(FORUM_ORDERS, { required: true, default: 'write_date desc' }),
    default_post_type: fields.selection(POST_TYPES, { required: true, default: 'question' }),
    allow_question: fields.boolean({ default: true }),
    allow_discussion: fields.boolean({ default: true }),
    allow_link: fields.boolean({ default: true }),
    allow_bump: fields.boolean({ default: true }),
    relevancy_post_vote: fields.float({ default: 0.8 }),
    relevancy_time_decay: fields.float({ default: 1.8 }),
    ...karmaFields,
  },
});

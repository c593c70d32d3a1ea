import { defineModel, fields } from '@platform/orm';

export const KARMA_TRACKING_MODEL = 'forum.karma.tracking';

/**
 * A karma value set by hand (an administrator writing a user's karma): the user, the value before and
 * after; who and when are its create_uid and create_date. Written by the res.users write hook only
 * (as the superuser); administrators read them in the back office. Karma earned and lost on the forum
 * is not logged here: the votes, posts and flags that gave it are its record.
 */
export const ForumKarmaTracking = defineModel({
  name: KARMA_TRACKING_MODEL,
  description: 'Karma change',
  order: 'id desc',
  recName: 'user_id',
  fields: {
    user_id: fields.many2one('res.users', { required: true, ondelete: 'cascade', string: 'User' }),
    old_value: fields.integer({ required: false, string: 'Old karma' }),
    new_value: fields.integer({ required: false, string: 'New karma' }),
  },
});

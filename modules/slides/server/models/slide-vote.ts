import { defineModel, fields } from '@platform/orm';
import { ALREADY_VOTED_MESSAGE } from '../../common/slide-constants';

export const VOTE_MODEL = 'slide.vote';

/** One vote per user and slide (a unique index: two racing requests cannot both count). */
export const SlideVote = defineModel({
  name: VOTE_MODEL,
  description: 'Slide vote',
  fields: {
    slide_id: fields.many2one('slide.slide', { required: true, ondelete: 'cascade', readonly: true, string: 'Slide' }),
    user_id: fields.many2one('res.users', { required: true, ondelete: 'cascade', readonly: true, string: 'User' }),
    vote: fields.selection([['1', 'Like'], ['-1', 'Dislike']], { required: true, readonly: true, string: 'Vote' }),
  },
  duplicateMessage: () => ALREADY_VOTED_MESSAGE,
});

import { defineModel, fields } from '@platform/orm';

export const NOTIFICATION_MODEL = 'forum.notification';

/**
 * News of a followed question (a new answer, a new comment) or forum (a new question) for one signed-in follower, shown on the
 * forum's pages until read (`/forum/notification_read`) and pushed on the follower's bus channel.
 * Written by ForumNotifications only; a user reads their own (the manifest's rule).
 */
export const ForumNotification = defineModel({
  name: NOTIFICATION_MODEL,
  description: 'Forum Notification',
  order: 'id desc',
  fields: {
    partner_id: fields.many2one('res.partner', { required: true, ondelete: 'cascade', string: 'Recipient' }),
    kind: fields.selection([['question', 'New question'], ['answer', 'New answer'], ['comment', 'New comment']], { required: true }),
    question_id: fields.many2one('forum.post', { required: true, ondelete: 'cascade', string: 'Question' }),
    post_id: fields.many2one('forum.post', { required: true, ondelete: 'cascade', string: 'Post' }),
    message_id: fields.many2one('mail.message', { ondelete: 'cascade' }),
    author_id: fields.many2one('res.partner', { ondelete: 'set null', string: 'Author' }),
    is_read: fields.boolean({ default: false }),
  },
});

/*
 * The public face of website_mail: other modules import this file only (`@modules/website_mail`),
 * and only when their manifest depends on website_mail. Everything else in this folder may change
 * without notice.
 */
export { MailThreadContribution, type RecordLink, type ThreadOptions } from './server/services/thread-options';
export { FollowService } from './server/services/follow-service';
export { followButtonProps } from './server/services/follow-state';
export { CommentNotifier, type PostedOn } from './server/services/comment-notifier';
export { CommentService, type ThreadComment } from './server/services/comment-service';
export { default as FollowButton, type FollowButtonProps } from './web/islands/follow-button';

/*
 * The public face of forum: other modules import this file only (`@modules/forum`), and only
 * when their manifest depends on forum. Everything else in this folder may change without notice.
 */
export { FORUM_MODEL } from './server/models/forum-forum';
export { POST_MODEL } from './server/models/forum-post';
export { TAG_MODEL } from './server/models/forum-tag';
export { KARMA_THRESHOLDS, KARMA_GAINS, karmaShortMessage } from './common/karma-rules';
export { ForumKarma } from './server/services/forum-karma';

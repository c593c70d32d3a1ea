/**
 * The karma a forum asks for each action and gives for each event, as the original platform's
 * defaults (reference: apps.md 1.1). Each is a field of forum.forum, so a forum may change them; these
 * are the values a new forum starts with. Thresholds are inclusive: karma >= threshold may act
 * (also for the editor karma, where the original platform wrongly refused exactly the threshold).
 */
export const KARMA_THRESHOLDS = {
  karma_ask: 3,
  karma_answer: 3,
  karma_edit_own: 1,
  karma_edit_all: 300,
  karma_edit_retag: 75,
  karma_tag_create: 30,
  karma_close_own: 100,
  karma_close_all: 500,
  karma_unlink_own: 500,
  karma_unlink_all: 1000,
  karma_upvote: 5,
  karma_downvote: 50,
  karma_answer_accept_own: 20,
  karma_answer_accept_all: 500,
  karma_comment_own: 1,
  karma_comment_all: 1,
  karma_comment_convert_own: 50,
  karma_comment_convert_all: 500,
  karma_comment_unlink_own: 50,
  karma_comment_unlink_all: 500,
  karma_flag: 500,
  karma_dofollow: 500,
  karma_editor: 30,
  karma_user_bio: 750,
  karma_post: 100,
  karma_moderate: 1000,
} as const;

export const KARMA_GAINS = {
  karma_gen_question_new: 2,
  karma_gen_question_upvote: 5,
  karma_gen_question_downvote: -2,
  karma_gen_answer_upvote: 10,
  karma_gen_answer_downvote: -2,
  karma_gen_answer_accept: 2,
  karma_gen_answer_accepted: 15,
  karma_gen_answer_flagged: -100,
} as const;

export type KarmaThreshold = keyof typeof KARMA_THRESHOLDS;
export type KarmaGain = keyof typeof KARMA_GAINS;
export type ForumKarmaSettings = Record<KarmaThreshold, number> & Record<KarmaGain, number>;

export const KARMA_FIELDS = [...Object.keys(KARMA_THRESHOLDS), ...Object.keys(KARMA_GAINS)] as (KarmaThreshold | KarmaGain)[];

/** A validated e-mail brings a new user (karma 0) to what asking needs and two downvotes more: 3 + 2*2 = 7. */
export function startingKarma(forum: ForumKarmaSettings): number {
  return forum.karma_ask - 2 * forum.karma_gen_question_downvote;
}

/** The words the browser shows when karma is short (SPEC section 6). */
export function karmaShortMessage(needed: number): string {
  return `${needed} karma is required to perform this action. You can earn karma by having your answers upvoted by the community.`;
}

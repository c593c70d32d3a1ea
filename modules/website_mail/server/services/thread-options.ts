import type { Env } from '@platform/orm';

/**
 * A record as the mails about it name it: its title and its path on the site (`/about-us`; a path
 * with a `#fragment` is linked as is, others get `#comments` when the model takes comments).
 */
export interface RecordLink {
  name: string;
  path: string;
}

/**
 * How a model takes part in website_mail: followers, public comments, ratings. A module opts a model
 * in by contributing these options; nothing can be followed or commented unless some module did. It
 * also ships, in its manifest, the record rules that let users read the messages of those threads
 * (website_mail's own rules name website.page only: domains cannot follow (model, res_id)).
 */
export interface ThreadOptions {
  model: string;
  follow: boolean;
  comments: boolean;
  /** Boolean field of the record that turns star ratings on for it (none: never rated). */
  ratingField?: string;
  /** Group whose members may delete anyone's comment on this model. */
  moderatorGroup: string;
  /**
   * The record's name and path in a language (read as superuser), for the mails telling its followers
   * about new comments; null when the record is gone.
   */
  recordLink(env: Env, id: number): Promise<RecordLink | null>;
  /**
   * The followed record a message on record `id` is news of (a forum answer: its question), when
   * that is another record of the model: the unfollow link of the mail names it. Absent: `id` itself.
   */
  threadOf?(env: Env, id: number): Promise<number | null>;
  /**
   * The texts of the follower mails, as UI source strings of `module`'s i18n files (`%s` is the
   * record's name); absent: website_mail's own ("New comment on %s", "... you follow this page.").
   * `subjects` is per message type (`comment`, `notification`).
   */
  mailTexts?: { module: string; subjects: Record<string, string>; why: string };
}

export interface MailThreadContribution {
  threads(): ThreadOptions[];
}
export const MailThreadContribution = Symbol('MailThreadContribution');

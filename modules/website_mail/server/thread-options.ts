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
}

export interface MailThreadContribution {
  threads(): ThreadOptions[];
}
export const MailThreadContribution = Symbol('MailThreadContribution');

import type { FollowButtonProps } from '@modules/website_mail';
import type { ActionNotice, ForumRules, QuestionView } from '../../common/page-props';

/*
 * Apart from question-page.tsx, which renders the post blocks that read these props: they import
 * this file, not the page (an import circle otherwise).
 */

/** The question page: the question, its answers and what the viewer may do with them. */
export interface QuestionPageProps {
  forumName: string;
  base: string;
  view: QuestionView;
  rules: ForumRules;
  uid: number;
  partnerId: number | null;
  karma: number;
  isPublic: boolean;
  csrfToken: string;
  /** The follow button's state (website_mail's widget): followers get its answers and comments. */
  follow?: FollowButtonProps;
  /** An answer the server refused: shown again in the form, with the reason. */
  answerDraft?: { html: string; text: string; error: string };
  /** What a post's button pressed without JavaScript was refused for (shown once, next to it). */
  notice?: ActionNotice;
}

/*
 * What the forum's server-rendered pages are given: the services build these shapes, the pages show
 * them. Declared here, between the two, so that web/ needs nothing from server/ (the browser bundles
 * would otherwise depend on files that may import Node and the database). Types only, plus the list
 * of sortings (the page offers them, the route accepts only them).
 */
import type { ForumKarmaSettings } from './karma-rules';

export const SORTINGS = ['write_date desc', 'create_date desc', 'vote_count desc', 'relevancy desc', 'child_count desc'] as const;
export type Sorting = (typeof SORTINGS)[number];
export type ListFilter = 'all' | 'unanswered' | 'followed';

/** A forum's karma rules and the allowed post types, as the services and the pages need them. */
export interface ForumRules extends ForumKarmaSettings {
  id: number;
  name: string;
  allow_question: boolean;
  allow_link: boolean;
  allow_discussion: boolean;
  allow_bump: boolean;
}

export interface ForumSummary { id: number; name: string; description: string; welcomeMessage: string; defaultOrder: Sorting }
export interface PostCard {
  id: number; name: string; postType: string; excerpt: string; authorName: string; authorId: number; createDate: string;
  voteCount: number; childCount: number; views: number; hasValidatedAnswer: boolean; authorKarma: number; tags: Array<{ id: number; name: string }>;
}
export interface PostView extends PostCard {
  content: string; contentLink: string | null; comments: CommentView[]; isCorrect: boolean; state: string; userVote: number; favourite: boolean;
  /**
   * Stands for everything above but the views, the reader's vote and favourite and the text's nofollow
   * marks (the forum's rule): a hash made when the post was read, the key of its cached markup.
   */
  revision?: string;
}
export interface CommentView { id: number; body: string; authorName: string; authorPartnerId: number }
/** `viewerKarma`: the reader's karma, read with the authors' (one query less per page). */
export interface QuestionView { question: PostView; answers: PostView[]; viewerKarma: number }

/** A post as the edit form shows it, with what the caller may change in it. */
export interface EditablePost {
  id: number;
  forumId: number;
  questionId: number;
  isQuestion: boolean;
  postType: string;
  name: string;
  content: string;
  tags: string[];
  /** Title and text: karma_edit_own on one's own post, karma_edit_all on others'. */
  mayEdit: boolean;
  /** Active, pending or closed (not flagged, offensive or deleted). */
  open: boolean;
  /** Tags: karma_edit_retag. */
  mayRetag: boolean;
  /** Links and pictures in the text: karma_editor. */
  mayLinkAndImage: boolean;
  /** A tag the forum does not have yet: karma_tag_create. */
  mayCreateTag: boolean;
  karmaEditor: number;
  tagCreateKarma: number;
  /** The karma that editing this post needs, for the message when the caller has neither right. */
  editKarma: number;
}

export type QueueType = 'validation' | 'flagged' | 'offensive';

/** One post of a moderation queue: a question, or an answer with its question's title. */
export interface QueueItem {
  id: number;
  questionId: number;
  name: string;
  excerpt: string;
  authorName: string;
  flaggedBy: string | null;
  reason: string | null;
}

/** The last queue decision that failed, shown in red on the queue (then forgotten). */
export interface QueueFailure { id: number; message: string }

/**
 * What the question page shows once, next to a post's buttons, after a plain form post of one of them
 * was refused: a message (English source, translated by the page) or the karma it needs.
 */
export interface ActionNotice {
  postId: number;
  message: string;
  /** Set for a karma shortfall: the page says the karma message with this figure. */
  karma?: number;
}

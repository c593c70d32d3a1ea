import type { RequestContext } from '@platform/http';
import type { ActionNotice, QueueFailure } from '../../common/page-props';

/*
 * The forum's session keys, owned here only: one route sets a flag, another page reads it, and both
 * must agree on the key and the shape (they used to be constants exported by one route file to another).
 * The key strings are those already in users' sessions: changing one forgets what a browser was told.
 */
const VALIDATED_FLAG = 'forum_validation_done';
const SENT_FLAG = 'forum_validation_sent';
const QUEUE_FAILURE_KEY = 'forum_queue_failure';
const ACTION_NOTICE_KEY = 'forum.action_notice';

/** What the e-mail validation notice of a forum page shows: thanks, "mail sent", or the offer to send one. */
export type ValidationState = 'done' | 'sent' | 'ask';

export const forumSession = {
  /** A validation mail was sent: the notice says so instead of offering to send another. */
  markValidationSent(req: RequestContext): void {
    req.session.set(SENT_FLAG, true);
  },

  /** The user has just validated: the next forum page thanks them, once. */
  markValidated(req: RequestContext): void {
    req.session.set(VALIDATED_FLAG, true);
  },

  /** The thanks closed. */
  closeValidated(req: RequestContext): void {
    req.session.delete(VALIDATED_FLAG);
  },

  /**
   * The notice a forum page shows a signed-in user: the thanks once (the flag is taken: the next visit
   * shows nothing), else (at karma 0) sent or ask; none otherwise.
   */
  validationState(req: RequestContext, karma: number): ValidationState | null {
    if (req.isPublic) return null;
    if (req.session.get(VALIDATED_FLAG)) {
      req.session.delete(VALIDATED_FLAG);
      return 'done';
    }
    if (karma !== 0) return null;
    return req.session.get(SENT_FLAG) ? 'sent' : 'ask';
  },

  /** What the ask form offers a user at karma 0: to send the validation mail, or to send it again. */
  validationOffer(req: RequestContext): 'sent' | 'ask' {
    return req.session.get(SENT_FLAG) ? 'sent' : 'ask';
  },

  /** The last moderation decision that failed: the queue shows it in red, once. */
  setQueueFailure(req: RequestContext, failure: QueueFailure): void {
    req.session.set(QUEUE_FAILURE_KEY, failure);
  },

  /** The failure left for this browser, removed from the session (shown once); null when there is none. */
  takeQueueFailure(req: RequestContext): QueueFailure | null {
    const failure = req.session.get(QUEUE_FAILURE_KEY) as QueueFailure | undefined;
    if (!failure) return null;
    req.session.delete(QUEUE_FAILURE_KEY);
    return typeof failure.id === 'number' ? { id: failure.id, message: String(failure.message) } : null;
  },

  /** What a post's button said when it was pressed without JavaScript and refused: shown once next to the post. */
  setActionNotice(req: RequestContext, notice: ActionNotice): void {
    req.session.set(ACTION_NOTICE_KEY, notice);
  },

  /** The notice left for this browser, removed from the session (shown once); null when there is none. */
  takeActionNotice(req: RequestContext): ActionNotice | null {
    if (req.isPublic) return null;
    const notice = req.session.get<ActionNotice>(ACTION_NOTICE_KEY);
    if (!notice) return null;
    req.session.delete(ACTION_NOTICE_KEY);
    return typeof notice === 'object' && typeof notice.postId === 'number' && typeof notice.message === 'string' ? notice : null;
  },
};

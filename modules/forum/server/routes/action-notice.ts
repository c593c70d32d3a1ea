import type { RequestContext } from '@platform/http';

/** Session key of what a post's button said when it was pressed without JavaScript. */
const KEY = 'forum.action_notice';

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

export function setActionNotice(req: RequestContext, notice: ActionNotice): void {
  req.session.set(KEY, notice);
}

/** The notice left for this browser, removed from the session (shown once); null when there is none. */
export function takeActionNotice(req: RequestContext): ActionNotice | null {
  if (req.isPublic) return null;
  const notice = req.session.get<ActionNotice>(KEY);
  if (!notice) return null;
  req.session.delete(KEY);
  return typeof notice === 'object' && typeof notice.postId === 'number' && typeof notice.message === 'string' ? notice : null;
}

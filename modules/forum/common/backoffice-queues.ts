import { number, object, string } from 'yup';
import type { QueueItem, QueueType } from './page-props';

/** The back office's moderation queues: menu entry, screen, and which queue each shows (one view serves the three). */
export const BACKOFFICE_QUEUES: ReadonlyArray<{ type: QueueType; menu: string; screen: string; name: string; sequence: number }> = [
  { type: 'validation', menu: 'pending', screen: 'forum.queue_validation', name: 'Waiting for validation', sequence: 30 },
  { type: 'flagged', menu: 'flagged', screen: 'forum.queue_flagged', name: 'Flagged posts', sequence: 40 },
  { type: 'offensive', menu: 'offensive', screen: 'forum.queue_offensive', name: 'Offensive posts', sequence: 50 },
];

/** A queued post as the back office lists it: with its forum, since one screen lists every forum the caller moderates. */
export interface BackofficeQueueItem extends QueueItem { forumId: number; forumName: string; path: string }

/** What `/forum/moderation/queue` answers. */
export interface BackofficeQueue {
  /** The forums the caller moderates (none: the screen says so). */
  forums: Array<{ id: number; name: string }>;
  items: BackofficeQueueItem[];
  /** The reasons a post may be marked offensive. */
  reasons: Array<{ id: number; name: string }>;
}

const postId = number().integer().min(1).max(2_147_483_647).required();
/** The calls' parameters, checked by the server (the screen sends only these). */
export const queueParams = object({ type: string().oneOf(['validation', 'flagged', 'offensive']).required() });
export const decideParams = object({ post_id: postId, decision: string().oneOf(['validate', 'refuse']).required() });
export const offensiveParams = object({ post_id: postId, reason_id: postId });

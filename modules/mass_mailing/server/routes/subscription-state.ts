import type { RequestContext } from '@platform/http';
import type { NewsletterService } from '../services/newsletter-service';
import { SESSION_CONFIRMED, SESSION_PENDING, sessionLists, visitorEmail } from './visitor-email';

export interface SubscriptionState {
  email: string;
  is_subscriber: boolean;
  /** A confirmation was mailed and the address is not subscribed yet (as far as this caller may know). */
  pending: boolean;
}

/**
 * What the widget and the popup show. A signed-in user sees the state of its own address. A visitor
 * only what its session did: any address can be typed, and the answer must not tell whether that
 * address was subscribed already. So a visitor sees "subscribed" only once the address was confirmed
 * from this browser (and is still subscribed), "pending" once it asked.
 */
export async function subscriptionState(req: RequestContext, newsletter: NewsletterService, listId: number): Promise<SubscriptionState> {
  const email = visitorEmail(req);
  if (!email) return { email, is_subscriber: false, pending: false };
  if (!req.isPublic) {
    const subscribed = await newsletter.isSubscribed(req.env, listId, email);
    return { email, is_subscriber: subscribed, pending: !subscribed && (await newsletter.isPending(req.env, listId, email)) };
  }
  const subscribed = sessionLists(req, SESSION_CONFIRMED).includes(listId) && (await newsletter.isSubscribed(req.env, listId, email));
  return { email, is_subscriber: subscribed, pending: !subscribed && sessionLists(req, SESSION_PENDING).includes(listId) };
}

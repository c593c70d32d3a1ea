import type { RequestContext } from '@platform/http';

/** Session key remembering the address a visitor subscribed with. */
export const SESSION_EMAIL = 'mass_mailing_email';
/** Lists this session asked to subscribe that address to (a confirmation was mailed). */
export const SESSION_PENDING = 'mass_mailing_pending';
/** Lists the address was confirmed for from this session (its owner followed the link here). */
export const SESSION_CONFIRMED = 'mass_mailing_confirmed';

/** A logged-in user's own e-mail; for visitors, the address they last subscribed with in this session. */
export function visitorEmail(req: RequestContext): string {
  if (!req.isPublic) return req.user.email ?? '';
  return req.session.get<string>(SESSION_EMAIL) ?? '';
}

/** The lists this session remembers under `key` for its address (anything malformed is ignored). */
export function sessionLists(req: RequestContext, key: typeof SESSION_PENDING | typeof SESSION_CONFIRMED): number[] {
  const v = req.session.get(key);
  return Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x)) : [];
}

/**
 * Remembers what this session did for a list: asked for a subscription, or confirmed it. A new address
 * starts afresh: what the session knew about the previous one says nothing about this one.
 */
export function rememberList(req: RequestContext, email: string, listId: number, state: 'pending' | 'confirmed'): void {
  const sameAddress = req.session.get(SESSION_EMAIL) === email;
  const pending = sameAddress ? sessionLists(req, SESSION_PENDING).filter((id) => id !== listId) : [];
  const confirmed = sameAddress ? sessionLists(req, SESSION_CONFIRMED).filter((id) => id !== listId) : [];
  (state === 'pending' ? pending : confirmed).push(listId);
  req.session.set(SESSION_EMAIL, email);
  req.session.set(SESSION_PENDING, pending);
  req.session.set(SESSION_CONFIRMED, confirmed);
}

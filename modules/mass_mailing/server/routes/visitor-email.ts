import type { RequestContext } from '../../../../platform/http/route-definition';

/** Session key remembering the address a visitor subscribed with. */
export const SESSION_EMAIL = 'mass_mailing_email';

/** A logged-in user's own e-mail; for visitors, the address they last subscribed with in this session. */
export function visitorEmail(req: RequestContext): string {
  if (!req.isPublic) return req.user.email ?? '';
  return req.session.get<string>(SESSION_EMAIL) ?? '';
}

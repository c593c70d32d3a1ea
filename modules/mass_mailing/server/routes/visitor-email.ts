import type { RequestState } from '../../../../platform/http/request-state';
import type { RequestContext } from '../../../../platform/http/route-definition';

/** Session key remembering the address a visitor subscribed with. */
export const SESSION_EMAIL = 'mass_mailing_email';

/** A logged-in user's own e-mail; for visitors, the address they last subscribed with in this session. */
export function visitorEmail(req: RequestContext): string {
  const state = req.koa.state as RequestState;
  if (!state.isPublic) return state.user.email ?? '';
  return req.session.get<string>(SESSION_EMAIL) ?? '';
}

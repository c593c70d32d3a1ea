import { AccessError } from '../../../platform/kernel/errors';
import { ADMIN_GROUP } from '../../../platform/orm/access-control';
import type { Env } from '../../../platform/orm/environment';

/** Users who may create tracked links and see their statistics. */
export const LINK_TRACKER_USER = 'link_tracker.group_link_tracker_user';

export function canTrackLinks(env: Env): boolean {
  return env.hasGroup(LINK_TRACKER_USER) || env.hasGroup(ADMIN_GROUP);
}

/**
 * Short links publish redirects under the site's own domain (a phishing tool in the wrong hands), so
 * only users granted the group, and administrators, may make them.
 */
export function assertCanTrackLinks(env: Env): void {
  if (!canTrackLinks(env)) throw new AccessError('Only link tracker users may create and manage tracked links.');
}

import { AccessError } from '@platform/core';
import { ADMIN_GROUP, type Env } from '@platform/orm';

/** Users who may create tracked links and see their statistics (of their own links; see the manifest's rules). */
export const LINK_TRACKER_USER = 'link_tracker.group_link_tracker_user';

/** The groups that may (the link page, its calls and its menu entry). */
export const LINK_TRACKER_GROUPS = [LINK_TRACKER_USER, ADMIN_GROUP];

/** What the others are refused with (the routes declare it with LINK_TRACKER_GROUPS). */
export const LINK_TRACKER_REFUSAL = 'Only link tracker users may create and manage tracked links.';

export function canTrackLinks(env: Env): boolean {
  return LINK_TRACKER_GROUPS.some((g) => env.hasGroup(g));
}

/**
 * Short links publish redirects under the site's own domain (a phishing tool in the wrong hands), so
 * only users granted the group, and administrators, may make them.
 */
export function assertCanTrackLinks(env: Env): void {
  if (!canTrackLinks(env)) throw new AccessError(LINK_TRACKER_REFUSAL);
}

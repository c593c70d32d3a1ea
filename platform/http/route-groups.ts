import { AccessError } from '@platform/core/errors';
import type { RequestContext, RouteDefinition } from './route-definition';

const DEFAULT_REFUSAL = 'You are not allowed to do this.';

/**
 * Refuses a signed-in caller who holds none of the route's `groups` (implied groups and the superuser
 * count: `env.hasGroup`), before its params are read or its handler runs, so a refusal does not depend
 * on what was sent and writes nothing.
 */
export function assertRouteGroups(req: RequestContext, route: RouteDefinition): void {
  if (!route.groups?.length) return;
  if (route.groups.some((g) => req.env.hasGroup(g))) return;
  throw new AccessError(route.refusal ?? DEFAULT_REFUSAL);
}

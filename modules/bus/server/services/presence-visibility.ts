import { injectable } from 'inversify';
import { type ContributionProvider, injectContributions } from '@platform/core';
import type { BusRequester } from './channel-authority';

/** Internal users see everyone's presence (they work together); others only what modules grant. */
export const INTERNAL_GROUP = 'base.group_user';

/**
 * Modules say whose presence a requester who is not an internal user may see: among `partnerIds`, the
 * ones it deals with there (e.g. the operator of a chat it takes part in). Anything not returned stays
 * hidden, so online status cannot be used to watch arbitrary people.
 */
export interface BusPresenceContribution {
  visiblePartners(requester: BusRequester, partnerIds: number[]): Promise<number[]>;
}
export const BusPresenceContribution = Symbol('BusPresenceContribution');

/** Filters the partners whose im_status a requester asked for (`/longpolling/im_status`, polls). */
@injectable()
export class PresenceVisibility {
  constructor(@injectContributions(BusPresenceContribution) private readonly contributions: ContributionProvider<BusPresenceContribution>) {}

  async filter(requester: BusRequester, partnerIds: number[]): Promise<number[]> {
    const wanted = [...new Set(partnerIds)];
    if (!requester.isPublic && requester.user.groups.has(INTERNAL_GROUP)) return wanted;
    const visible = new Set<number>(requester.isPublic ? [] : [requester.user.partnerId]);
    // Like every point: only the modules enabled on the requester's site are asked.
    for (const contribution of this.contributions.getContributionsFor((m) => requester.site.modules.has(m))) {
      for (const id of await contribution.visiblePartners(requester, wanted)) visible.add(id);
    }
    return wanted.filter((id) => visible.has(id));
  }
}

import { inject, injectable } from 'inversify';
import { ContainerContributionProvider, ContributionOwners } from '../../../../platform/kernel/contribution';
import type { Kernel } from '../../../../platform/kernel/kernel';
import { KernelToken } from '../../../../platform/kernel/tokens';
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
  private readonly provider: ContainerContributionProvider<BusPresenceContribution>;

  constructor(@inject(KernelToken) kernel: Kernel) {
    // As for bus channels: contributions gate themselves on the requester's site modules.
    this.provider = new ContainerContributionProvider(kernel.container, BusPresenceContribution, new ContributionOwners());
  }

  async filter(requester: BusRequester, partnerIds: number[]): Promise<number[]> {
    const wanted = [...new Set(partnerIds)];
    if (!requester.isPublic && requester.user.groups.has(INTERNAL_GROUP)) return wanted;
    const visible = new Set<number>(requester.isPublic ? [] : [requester.user.partnerId]);
    for (const contribution of this.provider.getContributions()) {
      for (const id of await contribution.visiblePartners(requester, wanted)) visible.add(id);
    }
    return wanted.filter((id) => visible.has(id));
  }
}

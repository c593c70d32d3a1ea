import { inject, injectable } from 'inversify';
import type { BusRequester } from '@modules/bus';
import type { BusPresenceContribution } from '@modules/bus';
import { LivechatSessions } from '../services/livechat-sessions';

/**
 * A portal user or visitor in a live chat sees the presence of the people in its conversations (the
 * operator above all), and of nobody else.
 */
@injectable()
export class LivechatPresence implements BusPresenceContribution {
  constructor(@inject(LivechatSessions) private readonly sessions: LivechatSessions) {}

  async visiblePartners(requester: BusRequester, partnerIds: number[]): Promise<number[]> {
    if (partnerIds.length === 0) return [];
    const partnerId = requester.isPublic ? null : requester.user.partnerId;
    const mates = await this.sessions.partnersSharingSessions(requester.session, partnerId);
    return partnerIds.filter((id) => mates.has(id));
  }
}

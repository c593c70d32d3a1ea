import { inject, injectable } from 'inversify';
import type { BusChannelContribution, BusRequester } from '@modules/bus';
import { conversationChannel } from '../services/chat-format';
import { LivechatSessions } from '../services/livechat-sessions';

/**
 * Bus channels of live chat: a logged-in user listens to the conversations it is a member of; a
 * visitor names its sessions by uuid and gets them only if its browser session started them.
 */
@injectable()
export class LivechatChannels implements BusChannelContribution {
  constructor(@inject(LivechatSessions) private readonly sessions: LivechatSessions) {}

  async channels(requester: BusRequester, requested: string[]): Promise<string[]> {
    const partnerId = requester.isPublic ? null : requester.user.partnerId;
    const ids = new Set(partnerId === null ? [] : await this.sessions.memberOf(partnerId));
    for (const name of requested.slice(0, 50)) {
      if (!/^[0-9a-f-]{36}$/i.test(name)) continue;
      const row = await this.sessions.rowByUuid(name);
      if (row && (await this.sessions.mayAccess(requester.session, partnerId, row.id))) ids.add(row.id);
    }
    return [...ids].map(conversationChannel);
  }
}

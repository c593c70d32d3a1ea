import { injectable } from 'inversify';
import type { RequestIdentity } from '@platform/http';
import { type ContributionProvider, injectContributions } from '@platform/core';

/** Who is listening: the request (long-poll) or the upgrade request's session, re-read (WebSocket). */
export type BusRequester = RequestIdentity;

/**
 * Modules say which channels a requester may listen to: the ones it always gets (e.g. its partner
 * channel) and, among those it asked for, the ones it is entitled to (e.g. a chat session it owns).
 * They return the channel names to listen on; anything not returned is silently not listened to.
 */
export interface BusChannelContribution {
  channels(requester: BusRequester, requested: string[]): Promise<string[]>;
}
export const BusChannelContribution = Symbol('BusChannelContribution');

const MAX_CHANNELS = 1000;

/** Decides, on the server, what a poll or a WebSocket listens to. The browser never decides. */
@injectable()
export class ChannelAuthority {
  constructor(@injectContributions(BusChannelContribution) private readonly contributions: ContributionProvider<BusChannelContribution>) {}

  async resolve(requester: BusRequester, requested: string[]): Promise<string[]> {
    const wanted = [...new Set(requested.filter((c) => typeof c === 'string'))];
    const allowed = new Set<string>();
    // Like every point: only the modules enabled on the requester's site are asked.
    for (const contribution of this.contributions.getContributionsFor((m) => requester.site.modules.has(m))) {
      for (const c of await contribution.channels(requester, wanted)) allowed.add(c);
    }
    return [...allowed].slice(0, MAX_CHANNELS);
  }
}

export function partnerChannel(partnerId: number): string {
  return `res.partner:${partnerId}`;
}

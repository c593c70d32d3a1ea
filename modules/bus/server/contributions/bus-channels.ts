import { injectable } from 'inversify';
import { partnerChannel, type BusChannelContribution, type BusRequester } from '../services/channel-authority';

/** A logged-in user always listens to its own partner channel (and may name it); visitors get nothing here. */
@injectable()
export class PartnerChannels implements BusChannelContribution {
  async channels(requester: BusRequester): Promise<string[]> {
    if (requester.isPublic) return [];
    return [partnerChannel(requester.user.partnerId)];
  }
}

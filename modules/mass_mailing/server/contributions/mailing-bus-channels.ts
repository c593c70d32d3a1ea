import { injectable } from 'inversify';
import type { BusChannelContribution, BusRequester } from '@modules/bus';
import { isNewsletterUser } from '../services/newsletter-access';
import { mailingChannel } from '../services/mailing-progress';

const MAILING_CHANNEL = /^mass_mailing\.mailing:([1-9]\d{0,9})$/;

/** The progress channels of mailings, for newsletter users (and administrators) who ask for them. */
@injectable()
export class MailingBusChannels implements BusChannelContribution {
  async channels(requester: BusRequester, requested: string[]): Promise<string[]> {
    if (requester.isPublic || requester.user.share || !isNewsletterUser(requester.user.groups)) return [];
    const out: string[] = [];
    for (const name of requested) {
      const m = MAILING_CHANNEL.exec(name);
      if (m) out.push(mailingChannel(Number(m[1])));
      if (out.length >= 20) break;
    }
    return out;
  }
}

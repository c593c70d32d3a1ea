import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import type { RequestContext } from '@platform/http';
import { ValidationError } from '@platform/core';
import { LinkService } from '@modules/link_tracker';
import type { MailingClickRedirect } from '@modules/mass_mailing';

export const MAILING_MEDIUM = 'Email';
export const MAILING_SOURCE = 'Newsletter';

/**
 * Sends a newsletter click through the link tracker: the mailing's links become tracked links of a
 * campaign named after the mailing, so clicks get their UTM parameters, country and statistics.
 * Links the tracker cannot take (e.g. mailto:, or ones it refuses as invalid) go straight to their target.
 */
@injectable()
export class LinkTrackerClicks implements MailingClickRedirect {
  constructor(@inject(LinkService) private readonly links: LinkService, @inject(SiteUrls) private readonly urls: SiteUrls) {}

  async redirectFor(req: RequestContext, target: string, mailing: { id: number; subject: string }): Promise<string | null> {
    if (!/^https?:\/\//i.test(target)) return null;
    const campaign = mailing.subject.trim() || `Mailing ${mailing.id}`;
    try {
      // The link's short URL is stored: on the site's configured address, not the clicking request's Host.
      const code = await this.links.trackFor(await this.urls.forRequest(req), target, { campaign, medium: MAILING_MEDIUM, source: MAILING_SOURCE });
      return `/r/${code}`;
    } catch (err) {
      // The tracker refuses some links a mailing may hold (too long, with a user name or password) and
      // campaign names over 256 characters: the recipient still gets to the link, only untracked.
      if (err instanceof ValidationError) return null;
      throw err;
    }
  }
}

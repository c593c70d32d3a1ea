import { inject, injectable } from 'inversify';
import { number, object, string } from 'yup';
import type { RouteContribution } from '@platform/http/contribution-points';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { normalizeEmail } from '../services/email-address';
import { NewsletterService } from '../services/newsletter-service';
import { SubscriptionConfirmation } from '../services/subscription-confirmation';
import { subscriptionState } from './subscription-state';
import { rememberList } from './visitor-email';

const listId = number().integer().positive().required();

/** The subscribe widget's and the exit popup's calls. */
@injectable()
export class SubscribeRoutes implements RouteContribution {
  constructor(
    @inject(NewsletterService) private readonly newsletter: NewsletterService,
    @inject(SubscriptionConfirmation) private readonly confirmation: SubscriptionConfirmation,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/website_mass_mailing/is_subscriber', type: 'json', auth: 'public',
        params: object({ list_id: listId }),
        handler: async (req) => {
          await this.newsletter.activeList(req.env, req.params.list_id);
          return subscriptionState(req, this.newsletter, req.params.list_id);
        },
      },
      {
        path: '/website_mass_mailing/subscribe', type: 'json', auth: 'public',
        params: object({ list_id: listId, email: string().required().max(254) }),
        rateLimit: { name: 'newsletter.subscribe', limit: 20, perAccount: 20, windowSeconds: 60 },
        handler: (req) => this.subscribe(req, req.params.list_id, req.params.email),
      },
      {
        path: '/website_mass_mailing/get_content', type: 'json', auth: 'public',
        params: object({ newsletter_id: listId }),
        handler: async (req) => {
          const list = await this.newsletter.activeList(req.env, req.params.newsletter_id);
          const { email, is_subscriber, pending } = await subscriptionState(req, this.newsletter, list.id);
          return { content: list.popupContent, email, redirect_url: list.popupRedirectUrl, is_subscriber, pending };
        },
      },
    ];
  }

  /**
   * A signed-in user's own address is subscribed at once. Any other address (every address a visitor
   * types) is only asked for: its owner gets a signed link and is subscribed once they follow it. The
   * answer is the same whether or not the address was subscribed already.
   */
  private async subscribe(req: RequestContext, list: number, rawEmail: string): Promise<{ is_subscriber: boolean; pending: boolean }> {
    if (!req.isPublic && req.user.email && normalizeEmail(req.user.email) === normalizeEmail(rawEmail)) {
      await this.newsletter.subscribe(req.env, list, rawEmail);
      return { is_subscriber: true, pending: false };
    }
    const { email, mailDue } = await this.newsletter.requestSubscription(req.env, list, rawEmail);
    if (mailDue) {
      try {
        await this.confirmation.send(req.env, req.site.id, await this.newsletter.activeList(req.env, list), email);
      } catch (err) {
        await this.newsletter.releaseConfirmation(req.env, list, email); // the next try may send it
        throw err;
      }
    }
    if (req.isPublic) rememberList(req, email, list, 'pending');
    return { is_subscriber: false, pending: true };
  }
}

import { inject, injectable } from 'inversify';
import { number, object, string } from 'yup';
import type { RouteContribution } from '../../../../platform/kernel/contribution-points';
import type { RouteDefinition } from '../../../../platform/http/route-definition';
import { NewsletterService } from '../services/newsletter-service';
import { SESSION_EMAIL, visitorEmail } from './visitor-email';

const listId = number().integer().positive().required();

/** The subscribe widget's and the exit popup's calls. */
@injectable()
export class SubscribeRoutes implements RouteContribution {
  constructor(@inject(NewsletterService) private readonly newsletter: NewsletterService) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/website_mass_mailing/is_subscriber', type: 'json', auth: 'public',
        params: object({ list_id: listId }),
        handler: async (req) => {
          await this.newsletter.activeList(req.env, req.params.list_id);
          const email = visitorEmail(req);
          return { email, is_subscriber: email ? await this.newsletter.isSubscribed(req.env, req.params.list_id, email) : false };
        },
      },
      {
        path: '/website_mass_mailing/subscribe', type: 'json', auth: 'public',
        params: object({ list_id: listId, email: string().required().max(254) }),
        rateLimit: { name: 'newsletter.subscribe', limit: 20, perAccount: 20, windowSeconds: 60 },
        handler: async (req) => {
          const email = await this.newsletter.subscribe(req.env, req.params.list_id, req.params.email);
          req.session.set(SESSION_EMAIL, email);
          return true;
        },
      },
      {
        path: '/website_mass_mailing/get_content', type: 'json', auth: 'public',
        params: object({ newsletter_id: listId }),
        handler: async (req) => {
          const list = await this.newsletter.activeList(req.env, req.params.newsletter_id);
          const email = visitorEmail(req);
          return {
            content: list.popupContent,
            email,
            redirect_url: list.popupRedirectUrl,
            is_subscriber: email ? await this.newsletter.isSubscribed(req.env, list.id, email) : false,
          };
        },
      },
    ];
  }
}

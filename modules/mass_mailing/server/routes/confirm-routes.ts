import { inject, injectable } from 'inversify';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { AccessDenied } from '@platform/core';
import { confirmPage } from '../../web/pages/confirm-page';
import { isValidEmail, normalizeEmail } from '../services/email-address';
import { NewsletterService } from '../services/newsletter-service';
import { CONFIRM_PATH, SubscriptionConfirmation, type ConfirmLink } from '../services/subscription-confirmation';
import { rememberList } from './visitor-email';

const INVALID_LINK = 'This confirmation link is not valid or has expired. Subscribe again to get a new one.';

/**
 * The double opt-in link: GET shows what will be confirmed, the button POSTs it (CSRF-checked). Both
 * are authenticated by the link's HMAC token of (list, address, time), never by a cookie.
 */
@injectable()
export class ConfirmRoutes implements RouteContribution {
  constructor(
    @inject(NewsletterService) private readonly newsletter: NewsletterService,
    @inject(SubscriptionConfirmation) private readonly confirmation: SubscriptionConfirmation,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: CONFIRM_PATH, type: 'http', auth: 'public',
        handler: async (req) => {
          const { link, email } = await this.checked(req);
          const list = await this.newsletter.activeList(req.env, link.listId);
          const fields = { list_id: String(link.listId), email, at: String(link.issuedAt), token: link.token };
          return confirmPage({ listName: list.name, email, link: fields, csrfToken: req.csrfToken() });
        },
      },
      {
        path: CONFIRM_PATH, type: 'http', auth: 'public', methods: ['POST'],
        handler: async (req) => {
          const { link, email } = await this.checked(req);
          const list = await this.newsletter.activeList(req.env, link.listId);
          await this.newsletter.subscribe(req.env, list.id, email);
          // The browser that confirmed shows the address subscribed from now on.
          if (req.isPublic) rememberList(req, email, list.id, 'confirmed');
          return confirmPage({ listName: list.name, email });
        },
      },
    ];
  }

  private async checked(req: RequestContext): Promise<{ link: ConfirmLink; email: string }> {
    const link = await this.confirmation.check(req.params);
    const email = link ? normalizeEmail(link.email) : '';
    if (!link || !isValidEmail(email)) throw new AccessDenied(INVALID_LINK);
    return { link, email };
  }
}

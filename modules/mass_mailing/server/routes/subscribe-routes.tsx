import { inject, injectable } from 'inversify';
import { number, object, string, ValidationError as YupValidationError } from 'yup';
import { UserError, ValidationError } from '@platform/core';
import { type RequestContext, type RouteContribution, type RouteDefinition, safeRedirect } from '@platform/http';
import { page } from '@platform/web';
import { FormResultPage } from '../../web/pages/form-result-page';
import { normalizeEmail } from '../services/email-address';
import { NewsletterService } from '../services/newsletter-service';
import { SubscriptionConfirmation } from '../services/subscription-confirmation';
import { subscriptionState } from './subscription-state';
import { rememberList } from './visitor-email';

const listId = number().integer().positive().required();
const SUBSCRIBE_LIMIT = { name: 'newsletter.subscribe', limit: 20, perAccount: 20, windowSeconds: 60 };
/** The plain form's fields (strings, as forms send them). */
const formFields = object({
  list_id: string().required().matches(/^\d{1,9}$/, 'Unknown mailing list.').max(9),
  email: string().default('').max(254, 'Please enter a valid e-mail address.'),
  redirect: string().max(2048),
});

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
        rateLimit: SUBSCRIBE_LIMIT,
        handler: (req) => this.subscribe(req, req.params.list_id, req.params.email),
      },
      {
        // The same subscription for forms sent without JavaScript (the footer block, the widget's
        // fallback). Those forms sit on publicly cached pages, which hold no per-visitor CSRF token:
        // the post must come from this site (Origin / Sec-Fetch-Site). The answer is a small page
        // saying what happened, with the way back to the form's page.
        path: '/website_mass_mailing/subscribe_form', type: 'http', methods: ['POST'], auth: 'public', csrf: 'origin',
        rateLimit: SUBSCRIBE_LIMIT,
        handler: async (req) => {
          // Back to the form's page: the `redirect` field, else the page the form was on (Referer), on this site only.
          const back = safeRedirect(req.params.redirect, safeRedirect(req.http.header('referer'), '/', req.http.host), req.http.host);
          try {
            const fields = await formFields.validate(req.params, { abortEarly: true, stripUnknown: true });
            const { is_subscriber } = await this.subscribe(req, Number(fields.list_id), fields.email.trim());
            // A signed-in user's own address is subscribed at once: no mail to wait for.
            const message = is_subscriber ? 'Thanks for subscribing!' : 'Thanks! Check your inbox to confirm your subscription.';
            return page('Newsletter', <FormResultPage ok back={back} message={message} />);
          } catch (err) {
            if (!(err instanceof YupValidationError) && !(err instanceof UserError)) throw err;
            const message = err instanceof ValidationError && /valid e-mail/.test(err.message) ? 'Please enter a valid e-mail address.' : err.message;
            return page('Newsletter', <FormResultPage ok={false} back={back} message={message} />, { status: err instanceof UserError && err.name === 'MissingError' ? 404 : 400 });
          }
        },
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

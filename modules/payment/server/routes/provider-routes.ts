import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { notifyUrl, tokenCreateJsonUrl, tokenCreateSchema, tokenCreateUrl, PAYMENT_METHODS_URL } from '../../common/pay-schema';
import { PaymentCatalog } from '../services/payment-catalog';
import { PaymentCheckout } from '../services/payment-checkout';
import { PaymentTokens } from '../services/payment-tokens';
import { paymentMethodsPage } from './payment-method-routes';
import { NOTIFY_LIMIT, TOKEN_LIMIT } from './payer';

/**
 * Routes every provider gets: the card form that saves a card (`/payment/<p>/s2s/create`, a form post
 * back to `return_url`; `/s2s/create_json` answers the token's id), and the processor's notifications
 * (`/payment/<p>/notify`: signature checked by the provider, idempotent).
 */
@injectable()
export class ProviderRoutes implements RouteContribution {
  constructor(
    @inject(PaymentCatalog) private readonly catalog: PaymentCatalog,
    @inject(PaymentTokens) private readonly tokens: PaymentTokens,
    @inject(PaymentCheckout) private readonly checkout: PaymentCheckout,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: tokenCreateUrl(':provider'), type: 'http', auth: 'user', methods: ['POST'], params: tokenCreateSchema, rateLimit: TOKEN_LIMIT,
        invalid: (req, errors) => paymentMethodsPage(req, this.tokens, this.catalog, { errors }, 400),
        handler: async (req) => {
          try {
            const made = await this.create(req, req.params);
            if ('fieldErrors' in made) return paymentMethodsPage(req, this.tokens, this.catalog, { errors: made.fieldErrors, holderName: req.params.cc_holder_name }, 400);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            return paymentMethodsPage(req, this.tokens, this.catalog, { error: err.message }, 400);
          }
          req.reply.redirect(req.params.return_url || PAYMENT_METHODS_URL, { status: 303, fallback: PAYMENT_METHODS_URL });
          return undefined;
        },
      }),
      route({
        path: tokenCreateJsonUrl(':provider'), type: 'json', auth: 'user', params: tokenCreateSchema, rateLimit: TOKEN_LIMIT,
        handler: async (req) => {
          const made = await this.create(req, req.params);
          return 'fieldErrors' in made ? { result: false, fields: made.fieldErrors } : { result: true, id: made.id, short_name: made.name };
        },
      }),
      {
        path: notifyUrl(':provider'), type: 'http', auth: 'none', methods: ['POST'], csrf: false, rateLimit: NOTIFY_LIMIT,
        handler: async (req) => {
          const body: Record<string, unknown> = req.params;
          try {
            const done = await this.checkout.notify(req.env, req.pathParams.provider, body, (n) => req.http.header(n));
            req.reply.send(done, 'text/plain');
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            req.reply.status(400);
            req.reply.send(err.message, 'text/plain');
          }
        },
      },
    ];
  }

  private async create(req: RequestContext, p: { acquirer_id: number } & Record<string, unknown>) {
    const acquirer = await this.catalog.offeredAcquirer(req.env, req.site.id, p.acquirer_id);
    if (!acquirer || acquirer.provider !== req.pathParams.provider) throw new UserError('This payment method is not available.');
    return this.tokens.create(req.env, req.user.partnerId, acquirer, p);
  }
}

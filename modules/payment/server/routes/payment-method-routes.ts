import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { PAYMENT_METHODS_URL, PAYMENT_METHOD_DELETE_URL, tokenDeleteSchema } from '../../common/pay-schema';
import { paymentMethodsPageView, type PaymentMethodsPageProps } from '../../web/pages/payment-methods-page';
import { PaymentCatalog } from '../services/payment-catalog';
import { PaymentTokens } from '../services/payment-tokens';
import { TOKEN_LIMIT } from './payer';

type PageExtra = Pick<PaymentMethodsPageProps, 'notice' | 'error' | 'errors' | 'holderName'>;

/** The page of `/my/payment_method`, as its routes and the card-saving form's refusals show it. */
export async function paymentMethodsPage(req: RequestContext, tokens: PaymentTokens, catalog: PaymentCatalog, extra: PageExtra = {}, status = 200) {
  const offered = await catalog.offered(req.env, req.site.id);
  const addTo = offered.filter((a) => a.environment === 'test' && catalog.provider(a.provider)?.createToken && catalog.provider(a.provider)?.payForm(a).kind === 'card_form');
  req.reply.header('Cache-Control', 'no-store');
  return paymentMethodsPageView({
    cards: await tokens.list(req.env, req.user.partnerId), csrfToken: req.csrfToken(),
    addTo: addTo.map((a) => ({ id: a.id, name: a.name, provider: a.provider })), ...extra,
  }, status);
}

/** `/my/payment_method`: list, add (through the provider's card form) and delete the caller's saved cards. */
@injectable()
export class PaymentMethodRoutes implements RouteContribution {
  constructor(
    @inject(PaymentTokens) private readonly tokens: PaymentTokens,
    @inject(PaymentCatalog) private readonly catalog: PaymentCatalog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: PAYMENT_METHODS_URL, type: 'http', auth: 'user', methods: ['GET'],
        handler: (req) => paymentMethodsPage(req, this.tokens, this.catalog),
      },
      route({
        path: PAYMENT_METHOD_DELETE_URL, type: 'http', auth: 'user', methods: ['POST'], params: tokenDeleteSchema, rateLimit: TOKEN_LIMIT,
        invalid: (req) => paymentMethodsPage(req, this.tokens, this.catalog, { error: 'This saved card does not exist.' }, 400),
        handler: async (req) => {
          try {
            await this.tokens.remove(req.env, req.user.partnerId, req.params.token_id);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            return paymentMethodsPage(req, this.tokens, this.catalog, { error: err.message }, 404);
          }
          req.reply.redirect(PAYMENT_METHODS_URL, { status: 303 });
          return undefined;
        },
      }),
    ];
  }
}

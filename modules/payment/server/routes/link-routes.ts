import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import { AccessError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { PAY_LINK_URL, newLinkSchema } from '../../common/pay-schema';
import { linkPage } from '../../web/pages/link-page';
import { CURRENCY_MODEL } from '../models/res-currency';
import { PaymentCatalog } from '../services/payment-catalog';
import { PaymentLinks } from '../services/payment-links';

const MANAGERS = ['payment.group_payment_manager', 'base.group_system'];

/** `/website_payment/link`: the payment link generator, for payment managers and administrators. */
@injectable()
export class PaymentLinkRoutes implements RouteContribution {
  constructor(
    @inject(PaymentLinks) private readonly links: PaymentLinks,
    @inject(PaymentCatalog) private readonly catalog: PaymentCatalog,
    @inject(SiteUrls) private readonly siteUrls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    return [
      { path: PAY_LINK_URL, type: 'http', auth: 'user', groups: MANAGERS, refusal: 'Only payment managers make payment links.', methods: ['GET'], handler: async (req) => linkPage(await this.props(req)) },
      route({
        path: PAY_LINK_URL, type: 'http', auth: 'user', groups: MANAGERS, refusal: 'Only payment managers make payment links.', methods: ['POST'], params: newLinkSchema,
        invalid: async (req, errors) => linkPage({ ...(await this.props(req)), values: req.params, errors }, 400),
        handler: async (req) => {
          const props = await this.props(req);
          const currency = await this.catalog.currency(req.env, req.params.currency_id);
          if (!currency) return linkPage({ ...props, values: req.params, errors: { currency_id: 'Choose a currency.' } }, 400);
          const path = await this.links.payUrl(req.params.reference, req.params.amount, currency.id, currency.decimals);
          return linkPage({ ...props, values: req.params, link: `${await this.siteUrls.forRequest(req)}${path}` });
        },
      }),
    ];
  }

  private async props(req: RequestContext) {
    if (!MANAGERS.some((g) => req.env.hasGroup(g))) throw new AccessError('Only payment managers make payment links.');
    req.reply.header('Cache-Control', 'no-store');
    const currencies = (await req.env.model(CURRENCY_MODEL).search_read([['active', '=', true]], ['name'], { limit: 200 })).map((c) => ({ id: Number(c.id), name: String(c.name) }));
    return { csrfToken: req.csrfToken(), currencies };
  }
}

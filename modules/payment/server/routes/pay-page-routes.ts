import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { loginUrl, route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { brandLabel } from '../../common/card-rules';
import { CARD_FIELDS, cardFieldErrors } from '../../common/card-schema';
import type { PayPageProps } from '../../common/page-props';
import { PAY_SUBMIT_URL, PAY_URL, STATUS_URL, payPageSchema, paySubmitSchema } from '../../common/pay-schema';
import { TEST_CARDS } from '../../common/test-cards';
import { payPage } from '../../web/pages/pay-page';
import { statusPage } from '../../web/pages/status-page';
import { PaymentCatalog } from '../services/payment-catalog';
import { PaymentCheckout, type PayLink, type PayResult } from '../services/payment-checkout';
import { PaymentLinks } from '../services/payment-links';
import { PaymentTokens } from '../services/payment-tokens';
import { PaymentTransactions } from '../services/payment-transactions';
import { PAY_LIMIT, payerOf } from './payer';

interface Failure {
  acquirerId?: number;
  tokenFailed?: boolean;
  error?: string;
  errors?: Record<string, string>;
  holderName?: string;
}

/**
 * The "pay a reference" page and its form without JavaScript: `/website_payment/pay` shows a signed
 * link's amount (a changed amount, currency or reference is refused) and a form per payment method;
 * `/website_payment/pay/submit` starts the transaction and pays it, then goes to the status page, or
 * shows the page again with the refusal (400) and writes nothing when a field is wrong.
 */
@injectable()
export class PayPageRoutes implements RouteContribution {
  constructor(
    @inject(PaymentCatalog) private readonly catalog: PaymentCatalog,
    @inject(PaymentCheckout) private readonly checkout: PaymentCheckout,
    @inject(PaymentLinks) private readonly links: PaymentLinks,
    @inject(PaymentTokens) private readonly tokens: PaymentTokens,
    @inject(PaymentTransactions) private readonly transactions: PaymentTransactions,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: PAY_URL, type: 'http', auth: 'public', methods: ['GET'], params: payPageSchema,
        invalid: (req) => this.refused(req),
        handler: async (req) => this.render(req, req.params, req.params.acquirer_id ? { acquirerId: req.params.acquirer_id } : {}),
      }),
      route({
        path: PAY_SUBMIT_URL, type: 'http', auth: 'public', methods: ['POST'], params: paySubmitSchema, rateLimit: PAY_LIMIT,
        invalid: (req, errors) => this.invalidPost(req, errors),
        handler: async (req) => {
          const p = req.params;
          const link: PayLink = { reference: p.reference, amount: p.amount, currency_id: p.currency_id, access_token: p.access_token };
          const payer = payerOf(req);
          let result: PayResult;
          try {
            // A saved card must be the payer's own before anything is written.
            if (p.token_id) {
              if (!payer.partnerId) throw new UserError('Sign in to pay with a saved card.');
              await this.tokens.owned(req.env, payer.partnerId, p.token_id);
            }
            if (!p.token_id) {
              // The card is checked by the provider before a transaction is written for it.
              const acquirer = await this.catalog.offeredAcquirer(req.env, req.site.id, p.acquirer_id);
              const form = acquirer && this.catalog.provider(acquirer.provider)?.payForm(acquirer);
              if (form?.kind === 'card_form') {
                const errors = cardFieldErrors(p);
                if (Object.keys(errors).length) return this.render(req, link, { acquirerId: p.acquirer_id, errors, holderName: p.cc_holder_name }, 400);
              }
            }
            const { tx } = await this.checkout.start(payer, link, p.acquirer_id, { tokenId: p.token_id });
            result = p.token_id ? await this.checkout.payWithToken(payer, tx.id, p.token_id) : await this.checkout.pay(payer, tx.id, p);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            return this.render(req, link, { acquirerId: p.acquirer_id, error: err.message, tokenFailed: Boolean(p.token_id) }, 400);
          }
          if (result.fieldErrors) return this.render(req, link, { acquirerId: p.acquirer_id, errors: result.fieldErrors, holderName: p.cc_holder_name }, 400);
          if (result.error) return this.render(req, link, { acquirerId: p.acquirer_id, error: result.error, holderName: p.cc_holder_name, tokenFailed: Boolean(p.token_id) }, 400);
          if (result.redirectUrl) req.reply.redirectAway(result.redirectUrl, 303);
          else req.reply.redirect(await this.links.statusUrl(result.tx.id), { status: 303 });
          return undefined;
        },
      }),
      {
        path: `${STATUS_URL}/:id`, type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => {
          const id = Number(req.pathParams.id);
          const token = new URLSearchParams(req.http.querystring).get('token');
          if (!Number.isInteger(id) || id < 1 || !(await this.links.verifyTx(id, token))) req.reply.notFound('This payment does not exist.');
          const tx = await this.transactions.info(req.env, id);
          const status = await this.transactions.status(req.env, id);
          req.reply.header('Cache-Control', 'no-store');
          return statusPage({
            reference: tx.reference, amountText: `${tx.amount.toFixed(tx.currency.decimals)} ${tx.currency.name}`, txId: id,
            txToken: String(token), status, cardText: tx.cardLast4 ? `${brandLabel(tx.cardBrand)} •••• ${tx.cardLast4}` : '',
          });
        },
      },
    ];
  }

  /** The page for a link; a link whose signature does not hold shows the refusal only. */
  private async render(req: RequestContext, link: PayLink, failure: Failure = {}, status = 200) {
    const base: Pick<PayPageProps, 'csrfToken' | 'signedIn' | 'loginUrl'> = {
      csrfToken: req.csrfToken(), signedIn: !req.isPublic, loginUrl: loginUrl(req.http.url),
    };
    let currency;
    try {
      currency = await this.checkout.checkLink(req.env, link);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return payPage({
        ...base, link: { reference: link.reference, amount: '', currency_id: '', access_token: '' }, amountText: '',
        acquirers: [], savedCards: [], alreadyPaid: false, error: err.message,
      }, 400);
    }
    const acquirers = await this.catalog.offered(req.env, req.site.id);
    const payer = payerOf(req);
    const saved = payer.partnerId ? await this.tokens.list(req.env, payer.partnerId) : [];
    const props: PayPageProps = {
      ...base,
      link: { reference: link.reference.trim(), amount: link.amount.toFixed(currency.decimals), currency_id: String(currency.id), access_token: link.access_token },
      amountText: `${link.amount.toFixed(currency.decimals)} ${currency.name}`,
      acquirers: acquirers.map((a) => ({
        id: a.id, name: a.name, provider: a.provider, environment: a.environment, preMsg: a.preMsg, saveToken: a.saveToken,
        form: this.catalog.provider(a.provider)!.payForm(a),
      })),
      savedCards: saved.filter((c) => acquirers.some((a) => a.id === c.acquirerId && this.catalog.provider(a.provider)?.payWithToken)),
      alreadyPaid: await this.checkout.alreadyPaid(req.env, link.reference),
      activeAcquirerId: failure.acquirerId, error: failure.error, tokenFailed: failure.tokenFailed, errors: failure.errors, holderName: failure.holderName,
      testCards: acquirers.some((a) => a.provider === 'test' && a.environment === 'test') ? { ...TEST_CARDS } : undefined,
    };
    return payPage(props, status);
  }

  private refused(req: RequestContext) {
    return this.render(req, { reference: String(req.params.reference ?? '').slice(0, 64), amount: 0, currency_id: 0, access_token: '' });
  }

  /** A post whose link fields break the schema: the refusal; card fields only: the form with their messages. */
  private async invalidPost(req: RequestContext, errors: Record<string, string>) {
    const p: Record<string, unknown> = req.params;
    const cardOnly = Object.keys(errors).every((k) => (CARD_FIELDS as string[]).includes(k) || k === 'save_card' || k === 'token_id');
    if (!cardOnly) return this.refused(req);
    const link: PayLink = { reference: String(p.reference), amount: Number(p.amount), currency_id: Number(p.currency_id), access_token: String(p.access_token) };
    return this.render(req, link, { acquirerId: Number(p.acquirer_id), errors }, 400);
  }
}

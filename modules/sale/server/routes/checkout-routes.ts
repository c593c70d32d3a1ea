import { inject, injectable } from 'inversify';
import type { InferType } from 'yup';
import { object, string } from 'yup';
import { SiteUrls } from '@platform/base';
import { UserError } from '@platform/core';
import { route, type RateLimit, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { PaymentCatalog, cardFieldErrors, TEST_CARDS, type AcquirerInfo, type PaymentStatus, type TransactionInfo } from '@modules/payment';
import {
  ADDRESS_URL, CHECKOUT_MESSAGES, CHECKOUT_URL, CONFIRMATION_URL, CONFIRM_ORDER_URL, COUNTRY_INFOS_URL, GET_STATUS_URL, PAYMENT_PAY_URL,
  PAYMENT_TRANSACTION_URL, PAYMENT_URL, TERMS_URL, TRACKING_URL, carrierSchema, payFormSchema, transactionCallSchema,
  type AddressErrors, type OrderStatus,
} from '../../common/checkout-schemas';
import { CART_URL } from '../../common/shop-schemas';
import {
  addressPage, checkoutPage, confirmationPage, paymentPage, termsPage, type PaymentAcquirerView, type PaymentPageProps,
} from '../../web/pages/checkout-pages';
import type { CurrentCart } from '../services/cart-service';
import { CheckoutService, type AddressForm } from '../services/checkout-service';
import { EcomStats } from '../services/ecom-stats';

/** Checkout writes per client address (an IPv6 /64) and per account. */
const ADDRESS_RATE: RateLimit = { name: 'sale.address', limit: 30, perAccount: 30, windowSeconds: 600 };
const CHECKOUT_RATE: RateLimit = { name: 'sale.checkout', limit: 60, perAccount: 60, windowSeconds: 600 };
const PAY_RATE: RateLimit = { name: 'sale.pay', limit: 30, perAccount: 30, windowSeconds: 600 };
const STATUS_RATE: RateLimit = { name: 'sale.status', limit: 300, perAccount: 300, windowSeconds: 600 };

const WAITING_MESSAGE = '<p>Your transaction is waiting confirmation.</p>';

/**
 * The checkout: `/shop/checkout` (address and shipping method), `/shop/address` (the form, formik in the
 * browser and a plain post), `/shop/country_infos/<id>`, `/shop/confirm_order`, `/shop/payment` (the
 * providers and the terms), `/shop/payment/transaction/<acquirer>` (JSON: a transaction for the order's
 * own amount, answered as a form the browser submits), `/shop/payment/pay` (that form, or the page's
 * own post without JavaScript), `/shop/confirmation` polling `/shop/payment/get_status/<order>`, and
 * `/shop/tracking_last_order/`.
 */
@injectable()
export class CheckoutRoutes implements RouteContribution {
  constructor(
    @inject(CheckoutService) private readonly checkout: CheckoutService,
    @inject(PaymentCatalog) private readonly paymentCatalog: PaymentCatalog,
    @inject(SiteUrls) private readonly siteUrls: SiteUrls,
    @inject(EcomStats) private readonly stats: EcomStats,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: CHECKOUT_URL, type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => this.checkoutPage(req),
      },
      route({
        path: CHECKOUT_URL, type: 'http', auth: 'public', methods: ['POST'], params: carrierSchema, rateLimit: CHECKOUT_RATE,
        invalid: async (req, errors) => this.checkoutPage(req, Object.values(errors).join(' '), 400),
        handler: async (req) => {
          const order = await this.checkout.order(req);
          if (!order) return req.reply.redirect(CART_URL, { status: 303 });
          try {
            await this.checkout.setCarrier(req, order.id, req.params.carrier_id);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            if (req.params.xhr === '1') {
              req.reply.status(400);
              return req.reply.send(err.message, 'text/plain; charset=utf-8');
            }
            return this.checkoutPage(req, err.message, 400);
          }
          if (req.params.xhr === '1') return req.reply.send('ok', 'text/plain; charset=utf-8');
          return req.reply.redirect(CHECKOUT_URL, { status: 303 });
        },
      }),
      {
        path: ADDRESS_URL, type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => {
          const order = await this.checkout.order(req);
          if (!order) return req.reply.redirect(CART_URL);
          return this.addressPage(req, await this.checkout.addressForm(req, order), {});
        },
      },
      {
        path: ADDRESS_URL, type: 'http', auth: 'public', methods: ['POST'], rateLimit: ADDRESS_RATE,
        handler: async (req) => {
          const order = await this.checkout.order(req);
          if (!order) return req.reply.redirect(CART_URL, { status: 303 });
          const posted = { ...req.params };
          delete posted.csrf_token;
          const { values, errors } = await this.checkout.checkAddress(req.env, posted);
          if (Object.keys(errors).length) return this.addressPage(req, values, errors, 400);
          await this.checkout.saveAddress(req, order, values);
          return req.reply.redirect(CHECKOUT_URL, { status: 303 });
        },
      },
      {
        path: `${COUNTRY_INFOS_URL}/:country_id`, type: 'json', auth: 'public', params: object({ mode: string().oneOf(['billing', 'shipping']) }),
        handler: async (req) => {
          const id = Number(req.pathParams.country_id);
          const infos = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await this.checkout.countryInfos(req.env, id) : null;
          if (!infos) throw new UserError('Please choose a country from the list.');
          return infos;
        },
      },
      {
        // The reference's step between checkout and payment: the order's shipping method is settled.
        path: CONFIRM_ORDER_URL, type: 'http', auth: 'public', methods: ['GET', 'POST'],
        handler: async (req) => {
          const order = await this.checkout.order(req);
          if (!order) return req.reply.redirect(CART_URL, { status: 303 });
          if (!(await this.checkout.address(req, order))) return req.reply.redirect(ADDRESS_URL, { status: 303 });
          await this.checkout.ensureCarrier(req, order);
          return req.reply.redirect(PAYMENT_URL, { status: 303 });
        },
      },
      {
        path: PAYMENT_URL, type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => this.paymentPage(req, {}),
      },
      route({
        path: `${PAYMENT_TRANSACTION_URL}/:acquirer_id`, type: 'json', auth: 'public', params: transactionCallSchema, rateLimit: PAY_RATE,
        handler: async (req) => {
          const acquirerId = Number(req.pathParams.acquirer_id);
          if (!Number.isSafeInteger(acquirerId) || acquirerId < 1 || acquirerId >= 2 ** 31) throw new UserError(CHECKOUT_MESSAGES.unknownAcquirer);
          const order = await this.payableOrder(req);
          const acquirer = await this.paymentCatalog.offeredAcquirer(req.env, req.site.id, acquirerId);
          if (!acquirer) throw new UserError(CHECKOUT_MESSAGES.unknownAcquirer);
          const tx = await this.checkout.startTransaction(req, order, acquirer, { type: req.params.tx_type as 'form' | 'form_save', baseUrl: await this.siteUrls.forMail(req) });
          const token = await this.checkout.txToken(tx.id);
          // The form the browser submits (with the card fields the page's island adds, for a card form).
          const form = `<form method="post" action="${PAYMENT_PAY_URL}" class="d-none o_payment_form">`
            + `<input type="hidden" name="csrf_token" value="${escapeAttr(req.csrfToken())}"/>`
            + `<input type="hidden" name="tx_id" value="${tx.id}"/><input type="hidden" name="tx_token" value="${escapeAttr(token)}"/>`
            + '<input type="hidden" name="accept_terms" value="on"/></form>';
          return { tx_id: tx.id, reference: tx.reference, form };
        },
      }),
      route({
        path: PAYMENT_PAY_URL, type: 'http', auth: 'public', methods: ['POST'], params: payFormSchema, rateLimit: PAY_RATE,
        invalid: async (req, errors) => this.paymentPage(req, { error: Object.values(errors).join(' ') }, 400),
        handler: async (req) => this.pay(req),
      }),
      {
        path: CONFIRMATION_URL, type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => {
          const orderId = this.checkout.lastOrderId(req);
          if (!orderId) return req.reply.redirect('/shop');
          const summary = await this.checkout.summary(req.env, orderId);
          const status = await this.orderStatus(req, orderId);
          req.reply.header('Cache-Control', 'no-store');
          return confirmationPage({ order: summary, status, signedIn: !req.isPublic });
        },
      },
      {
        path: `${GET_STATUS_URL}/:order_id`, type: 'json', auth: 'public', params: object({}), rateLimit: STATUS_RATE,
        handler: async (req) => {
          const id = Number(req.pathParams.order_id);
          // Only the order this browser just paid: nobody follows another's.
          if (!Number.isSafeInteger(id) || id !== this.checkout.lastOrderId(req)) return {};
          return this.orderStatus(req, id);
        },
      },
      {
        path: TRACKING_URL, type: 'json', auth: 'public', params: object({}),
        handler: async (req) => this.tracking(req),
      },
      {
        path: TRACKING_URL.replace(/\/$/, ''), type: 'json', auth: 'public', params: object({}),
        handler: async (req) => this.tracking(req),
      },
      {
        path: TERMS_URL, type: 'http', auth: 'public', methods: ['GET'], cache: 'public',
        handler: async () => termsPage(),
      },
    ];
  }

  /** The cart ready to pay: lines, an address and a shipping method; else a UserError naming what is missing. */
  private async payableOrder(req: RequestContext): Promise<CurrentCart> {
    const order = await this.checkout.order(req);
    if (!order) throw new UserError(CHECKOUT_MESSAGES.emptyCart);
    if (this.checkout.needsNewContact(req, order)) throw new UserError(CHECKOUT_MESSAGES.noAddress);
    return order;
  }

  private async pay(req: RequestContext<InferType<typeof payFormSchema>>) {
    const p = req.params;
    let order: CurrentCart;
    try {
      order = await this.payableOrder(req);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return req.reply.redirect(CART_URL, { status: 303 });
    }
    const card = { cc_number: p.cc_number, cc_holder_name: p.cc_holder_name, cc_expiry: p.cc_expiry, cc_cvc: p.cc_cvc };
    let txId: number;
    let acquirer: AcquirerInfo | null;
    let started: { tx: TransactionInfo; acquirer: AcquirerInfo } | undefined;
    try {
      if (p.tx_id) {
        if (!(await this.checkout.ownTransaction(req, order.id, p.tx_id, p.tx_token ?? ''))) throw new UserError(CHECKOUT_MESSAGES.txMismatch);
        txId = p.tx_id;
        acquirer = await this.paymentCatalog.acquirer(req.env, (await this.checkout.transaction(req.env, p.tx_id)).acquirerId);
      } else {
        if (!p.acquirer_id) throw new UserError(CHECKOUT_MESSAGES.unknownAcquirer);
        acquirer = await this.paymentCatalog.offeredAcquirer(req.env, req.site.id, p.acquirer_id);
        if (!acquirer) throw new UserError(CHECKOUT_MESSAGES.unknownAcquirer);
        // A card form's fields are checked before a transaction is written for them.
        if (this.paymentCatalog.provider(acquirer.provider)?.payForm(acquirer).kind === 'card_form') {
          const errors = cardFieldErrors(card);
          if (Object.keys(errors).length) return this.paymentPage(req, { acquirerId: acquirer.id, fieldErrors: errors, holderName: p.cc_holder_name }, 400);
        }
        // Paid just below in this request: written already claimed for that attempt.
        const tx = await this.checkout.startTransaction(req, order, acquirer, { baseUrl: await this.siteUrls.forMail(req), claimed: true });
        started = { tx, acquirer };
        txId = tx.id;
      }
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return this.paymentPage(req, { error: err.message, acquirerId: p.acquirer_id }, 400);
    }
    const acquirerId = acquirer?.id;
    let result;
    try {
      result = await this.checkout.pay(req, order.id, txId, card, started);
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      return this.paymentPage(req, { error: err.message, acquirerId }, 400);
    }
    if (result.fieldErrors) return this.paymentPage(req, { acquirerId, fieldErrors: result.fieldErrors, holderName: p.cc_holder_name }, 400);
    if (result.error) return this.paymentPage(req, { acquirerId, error: result.error, retry: true, holderName: p.cc_holder_name }, 400);
    if (result.redirectUrl) return req.reply.redirectAway(result.redirectUrl, 303);
    this.stats.record(req, 'order_payment', null, acquirer?.name ?? '');
    return req.reply.redirect(CONFIRMATION_URL, { status: 303 });
  }

  private async orderStatus(req: RequestContext, orderId: number): Promise<OrderStatus> {
    const found = await this.checkout.paymentStatus(req.env, orderId);
    if (!found) return { recall: false, message: '<p>There seems to be an error with your request.</p>', tone: 'danger', state: 'none', order_state: 'none' };
    const status: PaymentStatus | null = found.status;
    const orderState = String(found.order.state);
    if (!status) {
      return Number(found.order.amount_total) === 0
        ? { recall: false, message: '<p>Your order has been confirmed, thank you for your loyalty.</p>', tone: 'success', state: 'none', order_state: orderState }
        : { recall: false, message: '<p>There seems to be an error with your request.</p>', tone: 'danger', state: 'none', order_state: orderState };
    }
    // A payment done but not matching the order (changed meanwhile) confirms nothing: say it is waiting.
    const unconfirmed = (status.state === 'done' || status.state === 'authorized') && orderState !== 'sale';
    return {
      recall: status.recall, message: unconfirmed ? WAITING_MESSAGE : status.message, tone: unconfirmed ? 'info' : status.tone, state: status.state, order_state: orderState,
    };
  }

  private async tracking(req: RequestContext) {
    const orderId = this.checkout.lastOrderId(req);
    if (!orderId) return {};
    const s = await this.checkout.summary(req.env, orderId);
    const lines = await req.env.sudo().db('sale_order_line as l').join('product_product as p', 'p.id', 'l.product_id').join('product_template as t', 't.id', 'p.product_tmpl_id')
      .leftJoin('product_category as c', 'c.id', 't.categ_id').where('l.order_id', orderId).orderBy('l.id')
      .select('l.product_id', 'p.default_code', 'l.name', 'c.name as category', 'l.price_unit', 'l.product_uom_qty');
    return {
      transaction: { id: s.id, affiliation: req.site.name, revenue: s.amountTotal, tax: 0, shipping: s.amountDelivery, currency: s.currency.name },
      lines: lines.map((l) => ({
        id: s.id, sku: l.default_code ? String(l.default_code) : String(l.product_id), name: String(l.name || '-'),
        category: l.category ? String(l.category) : '-', price: Number(l.price_unit), quantity: Number(l.product_uom_qty),
      })),
    };
  }

  private async checkoutPage(req: RequestContext, error?: string, status = 200) {
    const order = await this.checkout.order(req);
    if (!order) return req.reply.redirect(CART_URL);
    const address = await this.checkout.address(req, order);
    if (!address) return req.reply.redirect(ADDRESS_URL);
    const summary = await this.checkout.summaryWithCarrier(req, order);
    this.stats.record(req, 'customer_checkout');
    return checkoutPage({
      order: summary, address, carriers: await this.checkout.carriers(req.env, summary.amountProducts), carrierId: summary.carrierId ?? 0,
      csrfToken: req.csrfToken(), error, status,
    });
  }

  private async addressPage(req: RequestContext, values: AddressForm, errors: AddressErrors, status = 200) {
    const countryId = Number(values.country_id) || 0;
    return addressPage({
      values, errors, countries: await this.checkout.countries(req.env), states: await this.checkout.states(req.env, countryId),
      csrfToken: req.csrfToken(), status,
    });
  }

  private async paymentPage(req: RequestContext, failure: Pick<PaymentPageProps, 'error' | 'acquirerId' | 'fieldErrors' | 'holderName' | 'retry'>, status = 200) {
    const order = await this.checkout.order(req);
    if (!order) return req.reply.redirect(CART_URL);
    const address = await this.checkout.address(req, order);
    if (!address) return req.reply.redirect(ADDRESS_URL);
    const summary = await this.checkout.summaryWithCarrier(req, order);
    const acquirers: PaymentAcquirerView[] = (await this.paymentCatalog.offered(req.env, req.site.id)).map((a) => ({
      id: a.id, name: a.name, preMsg: a.preMsg, kind: this.paymentCatalog.provider(a.provider)?.payForm(a).kind ?? 'button',
      testCards: a.provider === 'test' && a.environment === 'test' ? { ...TEST_CARDS } : undefined,
    }));
    if (status === 200) this.stats.record(req, 'order_checkout');
    return paymentPage({ order: summary, address, acquirers, csrfToken: req.csrfToken(), status, ...failure });
  }
}

function escapeAttr(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

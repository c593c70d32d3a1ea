import { inject, injectable } from 'inversify';
import { ValidationError as YupError } from 'yup';
import { UserError } from '@platform/core';
import { SiteCaches, type RequestContext, type SiteCache } from '@platform/http';
import type { Env } from '@platform/orm';
import { PaymentCatalog, PaymentCheckout, PaymentLinks, PaymentTransactions, type AcquirerInfo, type PayResult, type TransactionInfo } from '@modules/payment';
import {
  ADDRESS_FIELDS, ADDRESS_MESSAGES, CHECKOUT_MESSAGES, addressSchema, deliveryCents, zipRequired,
  type AddressContext, type AddressErrors, type AddressField, type AddressView, type CarrierView, type CountryInfos, type CountryOption,
  type OrderSummary, type StateOption,
} from '../../common/checkout-schemas';
import { CARRIER_MODEL } from '../models/delivery-carrier';
import { ORDER_MODEL } from '../models/sale-order';
import type { CartCopy, CartPartner } from './cart-copies';
import { CartService, type CurrentCart } from './cart-service';
import { CatalogService } from './catalog-service';
import { fromCents, toCents } from './money';

/** Session keys: the transaction being paid, and the last order paid (the confirmation page, get_status, tracking). */
export const TX_SESSION_KEY = 'sale_transaction_id';
export const LAST_ORDER_SESSION_KEY = 'sale_last_order_id';

type Caller = Pick<RequestContext, 'env' | 'session' | 'site' | 'user' | 'isPublic'>;
export type AddressForm = Record<AddressField, string>;

const m2o = (v: unknown): number | null => (Array.isArray(v) ? Number(v[0]) : null);

/** The options made from these rows, made (and frozen: pages share them) the first time they are asked for. */
function sortedOnce<R extends object, O>(made: WeakMap<R, readonly O[]>, rows: R, make: () => O[]): readonly O[] {
  let options = made.get(rows);
  if (!options) made.set(rows, (options = Object.freeze(make().map((o) => Object.freeze(o)))));
  return options;
}

/** The shared schema's messages per field, for these values and the country's rules. */
function schemaErrors(values: AddressForm, context: AddressContext): AddressErrors {
  try {
    addressSchema.validateSync(values, { abortEarly: false, context });
    return {};
  } catch (err) {
    if (!(err instanceof YupError)) throw err;
    const errors: AddressErrors = {};
    for (const e of err.inner) if (e.path && !errors[e.path as AddressField]) errors[e.path as AddressField] = e.message;
    return errors;
  }
}

/**
 * The checkout of the caller's cart: its address (a new contact for a visitor, the user's own
 * otherwise), its shipping method, and its payment (a transaction for the order's own amount and
 * currency, never the browser's).
 */
interface CountryRow { id: number; name: string; code: string; stateRequired: boolean; phoneCode: number; hasStates: boolean }
interface StateRow { id: number; name: string; code: string }

@injectable()
export class CheckoutService {
  /** Countries per language and states per country, kept until base's country tables are written. */
  private readonly countryRows: SiteCache<CountryRow[]>;
  private readonly stateRows: SiteCache<StateRow[]>;
  /** The published shipping methods each reader may see, kept until delivery_carrier is written. */
  private readonly carrierRows: SiteCache<Array<Record<string, unknown>>>;
  /**
   * The address form's options made from the rows above, sorted in their language: made once per rows
   * read (the rows of a language, a country's states in a language), so they go with the rows when a
   * write to the country tables drops them. The rows of a language are its own array: the countries'
   * order is theirs. States are read once for every language (their names are not translated), so
   * their order is kept per language.
   */
  /**
   * The address each contact as read with a cart (a `CartCopy`'s own object, replaced when the contact is
   * written) was last checked to be, with the country rows and states it was checked against: checked
   * again when any of them was read again.
   */
  private readonly addressViews = new WeakMap<CartPartner, { country: CountryRow; states: StateRow[] | undefined; view: AddressView | null }>();
  private readonly countryOptions = new WeakMap<readonly CountryRow[], readonly CountryOption[]>();
  private readonly stateOptions = new Map<string, WeakMap<readonly StateRow[], readonly StateOption[]>>();

  constructor(
    @inject(CartService) private readonly cart: CartService,
    @inject(CatalogService) private readonly catalog: CatalogService,
    @inject(PaymentCatalog) private readonly paymentCatalog: PaymentCatalog,
    @inject(PaymentTransactions) private readonly transactions: PaymentTransactions,
    @inject(PaymentCheckout) private readonly payments: PaymentCheckout,
    @inject(PaymentLinks) private readonly links: PaymentLinks,
    @inject(SiteCaches) caches: SiteCaches,
  ) {
    this.countryRows = caches.create(50, ['res_country', 'res_country_state']);
    this.stateRows = caches.create(500, ['res_country', 'res_country_state']);
    this.carrierRows = caches.create(500, ['delivery_carrier']);
  }

  /** The published shipping methods the env's user may see (the carriers' record rules), in their order. */
  private publishedCarriers(env: Env): Promise<Array<Record<string, unknown>>> {
    return this.carrierRows.get(`${env.uid}|${env.lang}`, () => env.model(CARRIER_MODEL).search_read(
      [['website_published', '=', true]], ['name', 'fixed_price', 'free_over', 'amount'], { limit: 1000 }));
  }

  /** Every country in the env's language, with its address rules and whether it has states. */
  private allCountries(env: Env): Promise<CountryRow[]> {
    return this.countryRows.get(env.lang, async () => {
      const rows = await env.sudo().model('res.country').search_read([], ['name', 'code', 'state_required', 'phone_code']);
      // The countries that have states: their ids only (a group by would also look up every country's name).
      const groups = await env.sudo().model('res.country.state').read_group([], ['country_id'], ['country_id']);
      const withStates = new Set(groups.map((g) => m2o(g.country_id)));
      return rows.map((r) => ({
        id: Number(r.id), name: String(r.name), code: String(r.code), stateRequired: r.state_required === true,
        phoneCode: Number(r.phone_code ?? 0), hasStates: withStates.has(Number(r.id)),
      }));
    });
  }

  private countryStates(env: Env, countryId: number): Promise<StateRow[]> {
    return this.stateRows.get(String(countryId), async () => {
      const rows = await env.sudo().model('res.country.state').search_read([['country_id', '=', countryId]], ['name', 'code'], { limit: 1000 });
      return rows.map((r) => ({ id: Number(r.id), name: String(r.name), code: String(r.code) }));
    });
  }

  private async country(env: Env, countryId: number): Promise<CountryRow | undefined> {
    return (await this.allCountries(env)).find((c) => c.id === countryId);
  }

  /** The caller's cart when it has lines, else null. */
  async order(caller: Caller): Promise<CurrentCart | null> {
    const order = await this.cart.current(caller);
    return order && order.lineCount > 0 ? order : null;
  }

  /**
   * The order as the checkout pages and the confirmation show it: the cart as this request read it, else
   * the order's copy (`CartService.order`: one read whatever its lines, kept until it is written).
   */
  async summary(env: Env, orderId: number, known?: CurrentCart): Promise<OrderSummary & { paymentTxId: number | null }> {
    const o = known?.id === orderId ? known : await this.cart.order(env.sudo().db, orderId);
    if (!o) throw new UserError(CHECKOUT_MESSAGES.noOrder);
    // The currency through payment's face (kept between requests); an archived one through its model.
    const active = o.currencyId ? await this.paymentCatalog.currency(env, o.currencyId) : null;
    const [c] = active ? [{ name: active.name, symbol: active.symbol, decimal_places: active.decimals }]
      : o.currencyId ? await env.sudo().model('res.currency').read([o.currencyId], ['name', 'symbol', 'decimal_places']) : [];
    const products = o.lines.reduce((s, l) => s + toCents(l.subtotal), 0);
    return {
      id: o.id, name: o.name, state: o.state,
      lines: o.lines.map((l) => ({ id: l.id, name: l.name, qty: l.qty, priceUnit: l.priceUnit, subtotal: l.subtotal })),
      amountProducts: fromCents(products), amountDelivery: o.amountDelivery, amountTotal: o.amountTotal,
      carrierName: o.carrierName, carrierId: o.carrierId, paymentTxId: o.paymentTxId,
      currency: { name: String(c?.name ?? ''), symbol: String(c?.symbol ?? ''), decimals: Number(c?.decimal_places ?? 2) },
    };
  }

  /** The order with its lines and its contact (sudo: the caller checked it may see the order). */
  orderCopy(env: Env, orderId: number): Promise<CartCopy | null> {
    return this.cart.order(env.sudo().db, orderId);
  }

  /** Whether the order's customer is still the site's public contact (a visitor who gave no address yet). */
  needsNewContact(caller: Caller, order: { partnerId: number }): boolean {
    return caller.isPublic && order.partnerId === caller.user.partnerId;
  }

  /** The address form's values: the order's contact (as read with the cart), or empty for a visitor's first time. */
  async addressForm(caller: Caller, order: Pick<CurrentCart, 'partnerId' | 'partner'>): Promise<AddressForm> {
    const empty = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as AddressForm;
    const p = order.partner;
    if (this.needsNewContact(caller, order) || !p) return empty;
    return {
      name: p.name, email: p.email, phone: p.phone, street: p.street, city: p.city, zip: p.zip,
      country_id: p.countryId ? String(p.countryId) : '', state_id: p.stateId ? String(p.stateId) : '',
    };
  }

  /**
   * The address as the checkout shows it, or null while it is incomplete or no longer valid (the
   * checkout sends to the form): the contact as read with the cart, its country's rules and names from
   * the countries kept per language.
   */
  async address(caller: Caller, order: Pick<CurrentCart, 'partnerId' | 'partner'>): Promise<AddressView | null> {
    const p = order.partner;
    if (this.needsNewContact(caller, order) || !p || !p.countryId) return null;
    const country = await this.country(caller.env, p.countryId);
    if (!country) return null;
    const states = p.stateId ? await this.countryStates(caller.env, p.countryId) : undefined;
    const known = this.addressViews.get(p);
    if (known && known.country === country && known.states === states) return known.view;
    const view = this.checkedAddress(p, country, states);
    this.addressViews.set(p, { country, states, view });
    return view;
  }

  private checkedAddress(p: CartPartner, country: CountryRow, states: StateRow[] | undefined): AddressView | null {
    const state = p.stateId ? states?.find((s) => s.id === p.stateId) : undefined;
    const form: AddressForm = {
      name: p.name, email: p.email, phone: p.phone, street: p.street, city: p.city, zip: p.zip,
      country_id: String(p.countryId), state_id: p.stateId ? String(p.stateId) : '',
    };
    const errors = schemaErrors(form, { hasStates: country.hasStates, stateRequired: country.stateRequired, zipRequired: zipRequired(country.code) });
    // A state that is no longer the country's: the form again.
    if (Object.keys(errors).length || (p.stateId && !state)) return null;
    return Object.freeze({ ...form, countryName: country.name, stateName: state?.name ?? '' });
  }

  /** Countries in the page's language, each with what the address form must know of it. */
  async countries(env: Env): Promise<readonly CountryOption[]> {
    const rows = await this.allCountries(env);
    return sortedOnce(this.countryOptions, rows, () => {
      const collator = new Intl.Collator(env.lang.replace('_', '-'), { sensitivity: 'base' });
      return rows.map((r): CountryOption => ({
        id: r.id, name: r.name,
        ...(r.hasStates ? { hasStates: true as const } : {}),
        ...(r.stateRequired && r.hasStates ? { stateRequired: true as const } : {}),
        ...(zipRequired(r.code) ? { zipRequired: true as const } : {}),
      })).sort((a, b) => collator.compare(a.name, b.name));
    });
  }

  async states(env: Env, countryId: number): Promise<readonly StateOption[]> {
    if (!Number.isSafeInteger(countryId) || countryId <= 0) return [];
    const rows = await this.countryStates(env, countryId);
    return sortedOnce(this.stateOptions.get(env.lang) ?? this.stateOptions.set(env.lang, new WeakMap()).get(env.lang)!, rows, () => {
      const collator = new Intl.Collator(env.lang.replace('_', '-'), { sensitivity: 'base' });
      return rows.map((r) => ({ id: r.id, name: r.name, code: r.code })).sort((a, b) => collator.compare(a.name, b.name));
    });
  }

  /** `/shop/country_infos/<id>`: its states and the address fields it uses, in their order; null for an unknown country. */
  async countryInfos(env: Env, countryId: number): Promise<CountryInfos | null> {
    const country = await this.country(env, countryId);
    if (!country) return null;
    const states = await this.states(env, countryId);
    const zip = zipRequired(country.code);
    return {
      states: states.map((s) => [s.id, s.name, (s as StateOption & { code?: string }).code ?? '']),
      fields: ['street', 'city', ...(zip ? ['zip'] : []), ...(states.length ? ['state_code'] : []), 'country_name'],
      state_required: country.stateRequired && states.length > 0,
      zip_required: zip,
      phone_code: country.phoneCode,
    };
  }

  /**
   * The address form checked as a whole: the shared schema with the chosen country's rules, then what
   * only the server knows (the country exists, the state is one of its states). Errors per field.
   */
  async checkAddress(env: Env, posted: Record<string, unknown>): Promise<{ values: AddressForm; errors: AddressErrors }> {
    const values = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, typeof posted[f] === 'string' ? (posted[f] as string).trim() : ''])) as AddressForm;
    const errors: AddressErrors = {};
    for (const f of ADDRESS_FIELDS) if (posted[f] !== undefined && typeof posted[f] !== 'string') errors[f] = ADDRESS_MESSAGES.tooLong(256);
    const countryId = /^\d{1,9}$/.test(values.country_id) ? Number(values.country_id) : 0;
    const country = countryId ? await this.country(env, countryId) : undefined;
    const states = country ? (await this.countryStates(env, countryId)).map((r) => r.id) : [];
    const context: AddressContext = {
      hasStates: states.length > 0, stateRequired: country?.stateRequired === true, zipRequired: country ? zipRequired(country.code) : false,
    };
    for (const [f, message] of Object.entries(schemaErrors(values, context))) if (!errors[f as AddressField]) errors[f as AddressField] = message;
    if (values.country_id && !country && !errors.country_id) errors.country_id = ADDRESS_MESSAGES.unknownCountry;
    if (values.state_id && !errors.state_id && !states.some((id) => String(id) === values.state_id)) errors.state_id = ADDRESS_MESSAGES.wrongState;
    return { values, errors };
  }

  /**
   * Saves a checked address on the order's contact: a new contact for a visitor's first address, else
   * the order's own (a visitor's contact made here, or the signed-in user's). Sudo: the target is
   * fixed by the session's cart and the values are checked.
   */
  async saveAddress(caller: Caller, order: { id: number; partnerId: number }, values: AddressForm): Promise<void> {
    const vals = {
      name: values.name, email: values.email, phone: values.phone, street: values.street, city: values.city, zip: values.zip || false,
      country_id: Number(values.country_id), state_id: values.state_id ? Number(values.state_id) : false,
    };
    // The checkout then shows the order with its shipping (the first method until another is chosen): in the same transaction.
    const first = (await this.publishedCarriers(caller.env))[0]?.id;
    const firstCarrier = first ? Number(first) : null;
    await caller.env.sudo().transaction(async (env) => {
      const orderVals: Record<string, unknown> = {};
      if (this.needsNewContact(caller, order)) orderVals.partner_id = await env.model('res.partner').create(vals);
      else await env.model('res.partner').write([order.partnerId], vals);
      // Readonly columns this service alone writes (the contact just made, a method the caller may see), with the amounts.
      await this.cart.recompute(env, order.id, { set: { ...orderVals, write_uid: env.uid }, carrierIfNone: firstCarrier });
    });
  }

  /** The published shipping methods with their price for this order's products. */
  async carriers(env: Env, productsAmount: number): Promise<CarrierView[]> {
    const rows = (await this.publishedCarriers(env)).slice(0, 50);
    const cents = toCents(productsAmount);
    return rows.map((r) => ({
      id: Number(r.id), name: String(r.name),
      price: fromCents(deliveryCents({ fixedPrice: Number(r.fixed_price), freeOver: r.free_over === true, amount: Number(r.amount) }, cents)),
      freeFrom: r.free_over === true ? Number(r.amount) : null,
    }));
  }

  /** Sets the order's shipping method (one the caller may see) and its amounts. */
  async setCarrier(caller: Caller, orderId: number, carrierId: number): Promise<void> {
    const visible = (await this.publishedCarriers(caller.env)).some((r) => Number(r.id) === carrierId);
    if (!visible) throw new UserError(CHECKOUT_MESSAGES.unknownCarrier);
    await this.applyCarrier(caller, orderId, carrierId);
  }

  /** Writes a shipping method the caller may see (checked by the caller of this) and the order's amounts. */
  private async applyCarrier(caller: Caller, orderId: number, carrierId: number): Promise<void> {
    await caller.env.sudo().transaction(async (env) => {
      // A readonly field only this service writes, checked above: straight to its column, with the amounts.
      await this.cart.recompute(env, orderId, { carrierId });
    });
  }

  /** The order's shipping method (as this request read the cart); the first one offered when none is chosen yet. */
  async ensureCarrier(caller: Caller, order: Pick<CurrentCart, 'id' | 'carrierId'>): Promise<void> {
    if (!order.carrierId) await this.chooseFirstCarrier(caller, order.id);
  }

  private async chooseFirstCarrier(caller: Caller, orderId: number): Promise<void> {
    const first = (await this.publishedCarriers(caller.env))[0]?.id;
    if (first) await this.applyCarrier(caller, orderId, Number(first));
  }

  /** The order's summary, a shipping method chosen first if it has none (the checkout and payment pages). */
  async summaryWithCarrier(caller: Caller, order: CurrentCart): Promise<OrderSummary> {
    const summary = await this.summary(caller.env, order.id, order);
    if (summary.carrierId) return summary;
    await this.chooseFirstCarrier(caller, order.id);
    return this.summary(caller.env, order.id);
  }

  /**
   * A draft transaction for the order's total in the order's currency (the amount the confirmation
   * will be compared with), with an acquirer offered on the site; the order and the session remember it.
   */
  async startTransaction(caller: Caller, order: CurrentCart, acquirer: AcquirerInfo, opts: { type?: 'form' | 'form_save'; tokenId?: number; baseUrl?: string | null; claimed?: boolean } = {}): Promise<TransactionInfo> {
    // The order as this request read it (its cart read): its own amount and currency, never the browser's.
    if (!order.carrierId) throw new UserError(CHECKOUT_MESSAGES.noCarrier);
    const tx = await this.transactions.create(caller.env, {
      reference: order.name, amount: order.amountTotal, currencyId: order.currencyId, acquirerId: acquirer.id, acquirer,
      partnerId: order.partnerId, siteId: caller.site.id, type: opts.type ?? 'form', tokenId: opts.tokenId ?? null, claimed: opts.claimed,
      // The contact as read with the cart: copied to the transaction without another read.
      payer: order.partner ?? undefined,
    });
    await caller.env.sudo().db('sale_order').where({ id: order.id }).update({ payment_tx_id: tx.id, ...(opts.baseUrl ? { mail_base_url: opts.baseUrl.slice(0, 512) } : {}) });
    caller.session.set(TX_SESSION_KEY, tx.id);
    return tx;
  }

  /** The session's transaction when it is the one named (id and its signed token) and still the order's. */
  async ownTransaction(caller: Caller, orderId: number, txId: number, token: string): Promise<boolean> {
    if (caller.session.get<number>(TX_SESSION_KEY) !== txId || !(await this.links.verifyTx(txId, token))) return false;
    const o = await this.orderCopy(caller.env, orderId);
    return o?.paymentTxId === txId;
  }

  txToken(txId: number): Promise<string> {
    return this.links.txToken(txId);
  }

  /**
   * Pays the transaction through its provider with what the form posted. Unless it failed, the order
   * is no longer the cart: the session keeps it as the last order (confirmation, status, tracking).
   */
  async pay(caller: Caller, orderId: number, txId: number, data: Record<string, unknown>, known?: { tx: TransactionInfo; acquirer: AcquirerInfo }): Promise<PayResult> {
    const result = await this.payments.pay({ env: caller.env, siteId: caller.site.id, partnerId: caller.isPublic ? null : caller.user.partnerId }, txId, data, known);
    if (!result.fieldErrors && !result.error) this.finish(caller, orderId);
    return result;
  }

  /** The order leaves the session's cart and becomes its last order. */
  finish(caller: Caller, orderId: number): void {
    caller.session.set(LAST_ORDER_SESSION_KEY, orderId);
    caller.session.delete(TX_SESSION_KEY);
    caller.session.delete('sale_order_id');
  }

  /** The session's last order id, or null. */
  lastOrderId(caller: Caller): number | null {
    const id = caller.session.get<number>(LAST_ORDER_SESSION_KEY);
    return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  }

  /** The order's current transaction's status (asked to its provider while pending). */
  async paymentStatus(env: Env, orderId: number) {
    // The order's copy with its transaction (read together, kept until either is written).
    const copy = await this.orderCopy(env, orderId);
    if (!copy) return null;
    const o = { payment_tx_id: copy.paymentTxId, state: copy.state, amount_total: copy.amountTotal };
    if (!o.payment_tx_id) return { order: o, status: null };
    return { order: o, status: await this.transactions.status(env, o.payment_tx_id, copy.payment) };
  }

  async transaction(env: Env, txId: number): Promise<TransactionInfo> {
    return this.transactions.info(env, txId);
  }

  async currency(env: Env) {
    return this.catalog.currency(env);
  }
}

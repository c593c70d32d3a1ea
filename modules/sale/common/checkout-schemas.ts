/*
 * What the browser and the server share for the checkout: URLs, the address form's schema (formik in
 * the browser, the route on the server), the per-country rules, shipping prices, the payment form's
 * fields and the pages' prop types. No Node or DOM API here.
 */
import { boolean, number, object, string, type InferType } from 'yup';
import { EMAIL_RE } from '@platform/common';
import type { Money } from './shop-schemas';

export const CHECKOUT_URL = '/shop/checkout';
export const ADDRESS_URL = '/shop/address';
export const COUNTRY_INFOS_URL = '/shop/country_infos';
export const CONFIRM_ORDER_URL = '/shop/confirm_order';
export const PAYMENT_URL = '/shop/payment';
export const PAYMENT_TRANSACTION_URL = '/shop/payment/transaction';
export const PAYMENT_PAY_URL = '/shop/payment/pay';
export const CONFIRMATION_URL = '/shop/confirmation';
export const GET_STATUS_URL = '/shop/payment/get_status';
export const TRACKING_URL = '/shop/tracking_last_order/';
export const MY_ORDERS_URL = '/my/orders';
export const TERMS_URL = '/shop/terms';

/*
 * The status polling and the retry words of the spec (the payment module's own pages use the same; its
 * face carries server code, so the browser's copy is here).
 */
export const STATUS_POLL_MAX = 20;
/** The n-th poll waits ceil(n/3) seconds. */
export const statusPollDelayMs = (attempt: number): number => Math.ceil(attempt / 3) * 1000;
export const WAITING_TITLE = 'We are waiting the confirmation of the bank or payment provider';
export const RETRY_SUFFIX = 'Retry ? ';

/** The browser waits this long after the last change of the country before asking for its states. */
export const COUNTRY_INFOS_DELAY_MS = 500;

export const ADDRESS_MESSAGES = {
  missing: 'Some required fields are empty.',
  required: 'This field is required.',
  invalidEmail: 'Invalid Email! Please enter a valid email address.',
  unknownCountry: 'Please choose a country from the list.',
  stateRequired: 'Choose a state: addresses in this country name one.',
  wrongState: 'The chosen state does not belong to the chosen country.',
  zipRequired: 'A postal code is required for this country.',
  tooLong: (n: number) => `At most ${n} characters.`,
};

export const CHECKOUT_MESSAGES = {
  terms: 'Please accept the terms and conditions to pay.',
  emptyCart: 'Your cart is empty.',
  noAddress: 'Please give your address first.',
  noCarrier: 'Choose a shipping method.',
  unknownCarrier: 'This shipping method is not available.',
  unknownAcquirer: 'This payment method is not available.',
  txMismatch: 'This payment does not belong to your order.',
  noOrder: 'There seems to be an error with your request.',
};

/**
 * Countries whose addresses have no postal code (a zip is asked everywhere else). From the Universal
 * Postal Union's list of countries without a postcode system.
 */
export const NO_ZIP_COUNTRIES: ReadonlySet<string> = new Set([
  'AE', 'AG', 'AN', 'AO', 'AW', 'BF', 'BI', 'BJ', 'BO', 'BS', 'BW', 'BZ', 'CD', 'CF', 'CG', 'CI', 'CK', 'CM', 'DJ', 'DM',
  'ER', 'FJ', 'GA', 'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'IE', 'KI', 'KM', 'KN', 'KP', 'LC', 'ML', 'MO', 'MR', 'MW', 'NR',
  'NU', 'QA', 'RW', 'SB', 'SC', 'SL', 'SO', 'SR', 'ST', 'SY', 'TD', 'TF', 'TG', 'TK', 'TL', 'TO', 'TT', 'TV', 'UG', 'VU',
  'YE', 'ZW',
]);
export const zipRequired = (countryCode: string): boolean => Boolean(countryCode) && !NO_ZIP_COUNTRIES.has(countryCode.toUpperCase());

/** What the address form needs to know of the chosen country (the schema's context). */
export interface AddressContext {
  /** The country's states (none: no state select). */
  hasStates: boolean;
  /** Addresses in this country name a state (`res.country.state_required`). */
  stateRequired: boolean;
  zipRequired: boolean;
}

const text = (max: number) => string().trim().max(max, ADDRESS_MESSAGES.tooLong(max));
const required = (max: number) => text(max).required(ADDRESS_MESSAGES.required);
const idText = () => string().trim().max(10).matches(/^\d*$/, ADDRESS_MESSAGES.unknownCountry);

/**
 * The checkout address (billing and shipping in one: the reference's "new,billing" form). The
 * country's rules come in the context: a state where its addresses name one, a zip where it has them.
 * The server adds what only it knows (the country exists, the state is one of its states).
 */
export const addressSchema = object({
  name: required(256),
  email: required(256).matches(EMAIL_RE, { message: ADDRESS_MESSAGES.invalidEmail, excludeEmptyString: true }),
  phone: required(64),
  street: required(256),
  city: required(128),
  zip: text(24).when('$zipRequired', { is: true, then: (s) => s.required(ADDRESS_MESSAGES.zipRequired) }),
  country_id: idText().required(ADDRESS_MESSAGES.required),
  state_id: idText().when(['$hasStates', '$stateRequired'], {
    is: (hasStates: boolean, stateRequired: boolean) => hasStates && stateRequired,
    then: (s) => s.required(ADDRESS_MESSAGES.stateRequired),
  }),
});
export type AddressValues = InferType<typeof addressSchema>;
export const ADDRESS_FIELDS = ['name', 'email', 'phone', 'street', 'city', 'zip', 'country_id', 'state_id'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressErrors = Partial<Record<AddressField, string>>;

/** `/shop/country_infos/<id>`: the states as [id, name, code] and the address fields in their order. */
export interface CountryInfos {
  states: Array<[number, string, string]>;
  fields: string[];
  state_required: boolean;
  zip_required: boolean;
  phone_code: number;
}

/** `/shop/checkout` POST: the shipping method (`xhr=1`: answer `ok` instead of the page). */
export const carrierSchema = object({
  carrier_id: number().typeError(CHECKOUT_MESSAGES.noCarrier).integer(CHECKOUT_MESSAGES.noCarrier).min(1, CHECKOUT_MESSAGES.noCarrier).max(2 ** 31 - 1, CHECKOUT_MESSAGES.noCarrier).required(CHECKOUT_MESSAGES.noCarrier),
  xhr: string().oneOf(['0', '1']).optional(),
});

const accepted = () => string().oneOf(['on', '1', 'true'], CHECKOUT_MESSAGES.terms).required(CHECKOUT_MESSAGES.terms);
const acquirer = () => number().typeError(CHECKOUT_MESSAGES.unknownAcquirer).integer(CHECKOUT_MESSAGES.unknownAcquirer).min(1, CHECKOUT_MESSAGES.unknownAcquirer).max(2 ** 31 - 1, CHECKOUT_MESSAGES.unknownAcquirer);

/**
 * `/shop/payment/transaction/<acquirer_id>` (JSON): the spec's `tx_type` and optional `token`, and the
 * terms (checked again here). No amount, currency or reference: the server takes them from the order.
 */
export const transactionCallSchema = object({
  tx_type: string().oneOf(['form', 'form_save'], 'Unknown transaction type.').default('form'),
  token: number().integer().min(1).max(2 ** 31 - 1).optional(),
  accept_terms: boolean().oneOf([true], CHECKOUT_MESSAGES.terms).required(CHECKOUT_MESSAGES.terms),
});

/**
 * `/shop/payment/pay` (a form post): the transaction the JSON call made (its id and token), or, without
 * JavaScript, the acquirer of the button pressed; the terms; the card fields for a card form.
 */
export const payFormSchema = object({
  acquirer_id: acquirer().optional(),
  tx_id: number().integer().min(1).max(2 ** 31 - 1).optional(),
  tx_token: string().max(100).optional(),
  accept_terms: accepted(),
  cc_number: string().max(40).optional(),
  cc_holder_name: string().max(128).optional(),
  cc_expiry: string().max(12).optional(),
  cc_cvc: string().max(8).optional(),
});

/** The price of a shipping method for products worth `productsCents`, in cents. */
export function deliveryCents(carrier: { fixedPrice: number; freeOver: boolean; amount: number }, productsCents: number): number {
  if (carrier.freeOver && productsCents >= Math.round(carrier.amount * 100)) return 0;
  return Math.round(carrier.fixedPrice * 100);
}

export interface CarrierView {
  id: number;
  name: string;
  price: number;
  /** Free from this products total (a free-over rule), else null. */
  freeFrom: number | null;
}

export interface OrderSummary {
  id: number;
  name: string;
  state: string;
  lines: Array<{ id: number; name: string; qty: number; priceUnit: number; subtotal: number }>;
  amountProducts: number;
  amountDelivery: number;
  amountTotal: number;
  carrierName: string | null;
  carrierId: number | null;
  currency: Money & { name: string };
}

export interface AddressView {
  name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  zip: string;
  countryName: string;
  stateName: string;
}

export interface CountryOption { id: number; name: string; hasStates?: true; stateRequired?: true; zipRequired?: true }

/**
 * A country as the address form's island props carry it: `[id, name, flags]`. The props are JSON in an
 * HTML attribute, where each quote of an object's keys takes six bytes: 250 countries as objects made
 * 27 KB of a 43 KB page, as triples about 7 KB.
 */
export type PackedCountry = readonly [id: number, name: string, flags: number];
const HAS_STATES = 1;
const STATE_REQUIRED = 2;
const ZIP_REQUIRED = 4;

/** Packed once per list (the server's lists are kept while their rows are). */
const packed = new WeakMap<readonly CountryOption[], readonly PackedCountry[]>();

export function packCountries(countries: readonly CountryOption[]): readonly PackedCountry[] {
  let list = packed.get(countries);
  if (!list) {
    list = countries.map((c): PackedCountry => [c.id, c.name, (c.hasStates ? HAS_STATES : 0) | (c.stateRequired ? STATE_REQUIRED : 0) | (c.zipRequired ? ZIP_REQUIRED : 0)]);
    packed.set(countries, list);
  }
  return list;
}

/** Unpacked once per packed list: the server renders the form from the list it packed, page after page. */
const unpacked = new WeakMap<readonly PackedCountry[], readonly CountryOption[]>();

export function unpackCountries(countries: readonly PackedCountry[]): readonly CountryOption[] {
  let list = unpacked.get(countries);
  if (!list) {
    list = countries.map(([id, name, flags]): CountryOption => ({
      id, name,
      ...(flags & HAS_STATES ? { hasStates: true as const } : {}),
      ...(flags & STATE_REQUIRED ? { stateRequired: true as const } : {}),
      ...(flags & ZIP_REQUIRED ? { zipRequired: true as const } : {}),
    }));
    unpacked.set(countries, list);
  }
  return list;
}
export interface StateOption { id: number; name: string }

/** The order status the confirmation page polls (`recall` while pending). */
export interface OrderStatus {
  recall: boolean;
  message: string;
  tone: 'info' | 'success' | 'danger';
  state: string;
  order_state: string;
}

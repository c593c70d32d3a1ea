/*
 * The payment calls' parameters and the pages' URLs, shared by the routes (which check them) and the
 * islands (which send them). The card fields are in card-schema.ts.
 */
import { boolean, number, object, string } from 'yup';
import { HOLDER_NAME_MAX } from './card-schema';

export const PAY_URL = '/website_payment/pay';
export const PAY_SUBMIT_URL = '/website_payment/pay/submit';
export const TRANSACTION_URL = '/website_payment/transaction';
export const TOKEN_PAY_URL = '/website_payment/token';
export const STATUS_URL = '/website_payment/status';
export const GET_STATUS_URL = '/website_payment/get_status';
export const PAYMENT_METHODS_URL = '/my/payment_method';
export const PAYMENT_METHOD_DELETE_URL = '/my/payment_method/delete';
export const processUrl = (provider: string) => `/payment/${provider}/process`;
export const tokenCreateUrl = (provider: string) => `/payment/${provider}/s2s/create`;
export const tokenCreateJsonUrl = (provider: string) => `/payment/${provider}/s2s/create_json`;
export const notifyUrl = (provider: string) => `/payment/${provider}/notify`;

export const REFERENCE_INPUT_MAX = 58;
export const AMOUNT_MAX = 1_000_000_000;
/** Status polling: at most 20 polls, the n-th after ceil(n/3) seconds; then the waiting icon. */
export const STATUS_POLL_MAX = 20;
export const statusPollDelayMs = (attempt: number) => Math.ceil(attempt / 3) * 1000;
export const WAITING_TITLE = 'We are waiting the confirmation of the bank or payment provider';
export const RETRY_SUFFIX = 'Retry ? ';

const reference = () => string().trim().required('A payment reference is required.').max(REFERENCE_INPUT_MAX, 'This reference is too long.');
const amount = () => number().typeError('The amount must be a number.').required('An amount is required.').positive('The amount to pay must be positive.').max(AMOUNT_MAX, 'This amount is too large.');
const id = (message: string) => number().typeError(message).required(message).integer(message).min(1, message).max(2 ** 31 - 1, message);
const signature = () => string().required('This payment link is not valid.').max(100, 'This payment link is not valid.');

/** A payment link: what to pay, signed by the server (`access_token`). */
export const payLinkSchema = object({
  reference: reference(),
  amount: amount(),
  currency_id: id('Choose a currency.'),
  access_token: signature(),
});

/** `/website_payment/pay`: the link, optionally the acquirer to show first. */
export const payPageSchema = payLinkSchema.shape({ acquirer_id: number().integer().min(1).max(2 ** 31 - 1).optional() });

/** `/website_payment/transaction` (JSON): the spec's fields plus the link's signature. */
export const transactionSchema = payLinkSchema.shape({ acquirer_id: id('Choose a payment method.') });

/** The no-JavaScript pay form: the link, the acquirer, and the card fields when it takes a card. */
export const paySubmitSchema = transactionSchema.shape({
  cc_number: string().max(40).optional(),
  cc_holder_name: string().max(HOLDER_NAME_MAX).optional(),
  cc_expiry: string().max(12).optional(),
  cc_cvc: string().max(8).optional(),
  save_card: string().oneOf(['on', '1', 'true']).optional(),
  token_id: number().integer().min(1).max(2 ** 31 - 1).optional(),
});

/** A transaction as the browser names it: its id and the token of its status link. */
const txRef = { tx_id: id('Unknown transaction.'), tx_token: string().required('Unknown transaction.').max(100, 'Unknown transaction.') };

/** `/payment/<provider>/process` (JSON): the provider's data (card fields for the test provider). */
export const processSchema = object({
  ...txRef,
  cc_number: string().max(40).optional(),
  cc_holder_name: string().max(HOLDER_NAME_MAX).optional(),
  cc_expiry: string().max(12).optional(),
  cc_cvc: string().max(8).optional(),
  save_card: boolean().optional(),
});

/** `/website_payment/token` (JSON): pay a transaction with a saved card. */
export const tokenPaySchema = object({ ...txRef, token_id: id('Choose a saved card.') });

/** `/website_payment/get_status` (JSON). */
export const getStatusSchema = object(txRef);

/** The card form that saves a card (`/payment/<provider>/s2s/create[_json]`). */
export const tokenCreateSchema = object({
  acquirer_id: id('Choose a payment method.'),
  cc_number: string().max(40).optional(),
  cc_holder_name: string().max(HOLDER_NAME_MAX).optional(),
  cc_expiry: string().max(12).optional(),
  cc_cvc: string().max(8).optional(),
  return_url: string().max(2000).optional(),
});

/** `/my/payment_method/delete`. */
export const tokenDeleteSchema = object({ token_id: id('Choose a saved card.') });

/** What `/website_payment/get_status` answers. */
export interface PaymentStatus {
  state: string;
  recall: boolean;
  tone: 'info' | 'success' | 'danger';
  message: string;
}

/** What the process and token calls answer (the spec's token payment reply). */
export interface PayReply {
  success: boolean;
  /** Where the browser goes next (the status page), on success. */
  url?: string;
  /** Why it failed; the browser shows it followed by 'Retry ? '. */
  error?: string;
  /** Fields the server refused, with their messages. */
  fields?: Record<string, string>;
}

export const PAY_LINK_URL = '/website_payment/link';

/** The payment link generator (payment managers): what to pay. */
export const newLinkSchema = object({
  reference: reference(),
  amount: amount(),
  currency_id: id('Choose a currency.'),
});

import type { PayForm } from '../../common/pay-form';
import type { Env } from '@platform/orm';
import type { TransactionState } from '../models/payment-transaction';

/*
 * The contribution points of payment: the providers (a test card processor and wire transfer are built
 * in; a module for a real processor binds its own), and the hooks that let other modules (a shop's
 * orders) react when a transaction changes state.
 */

/** An acquirer (payment.acquirer record) as a provider gets it. */
export interface AcquirerInfo {
  id: number;
  name: string;
  provider: string;
  environment: 'test' | 'prod';
  preMsg: string;
  postMsg: string;
  pendingMsg: string;
  doneMsg: string;
  cancelMsg: string;
  errorMsg: string;
  saveToken: 'none' | 'ask' | 'always';
  /** Payments are only authorized; a manager captures (or voids) them later. */
  captureManually: boolean;
}

/** A transaction as providers, hooks and other modules get it. */
export interface TransactionInfo {
  id: number;
  reference: string;
  amount: number;
  currency: { id: number; name: string; decimals: number };
  state: TransactionState;
  provider: string;
  acquirerId: number;
  acquirerReference: string;
  stateMessage: string;
  partnerId: number | null;
  createDate: string;
  cardBrand: string;
  cardLast4: string;
}

/**
 * What the pay page shows for an acquirer (common/pay-form.ts):
 * - `card_form`: our card form, whose fields are posted to our server: **only acceptable for a test
 *   processor** (the built-in test provider refuses production acquirers);
 * - `button`: a button that posts the payment with no extra data (wire transfer);
 * - `redirect`: a button that starts the transaction; `process` answers the processor's hosted payment
 *   page as `redirectUrl` and the payer goes there (the card never reaches us), then the processor's
 *   notification settles the transaction;
 * - `hosted_fields`: the processor's script (`scriptUrl`) draws the card fields in its own frames and
 *   gives the browser a one-time token, which is posted to `process` as `data.token`.
 */
export type { PayForm } from '../../common/pay-form';

/** Where a transaction stands after a provider call. */
export interface ProviderOutcome {
  /** The new state (`draft` when nothing was sent to the processor: see `fieldErrors`). */
  state: TransactionState;
  /** Shown to the payer (a decline reason, the bank details of a transfer...). */
  message?: string;
  acquirerReference?: string;
  /** The data was refused before reaching the processor: the wrong fields and their messages. */
  fieldErrors?: Record<string, string>;
  /** What may be kept of a card: its brand and last 4 digits. */
  card?: { brand: string; last4: string };
  /** A redirect flow: the processor's page (absolute http(s) URL) where the payer goes next. */
  redirectUrl?: string;
}

/** A saved payment method as a provider describes it (never a card number or security code). */
export interface TokenData {
  acquirerRef: string;
  brand: string;
  last4: string;
  holderName: string;
  expiry: string;
}

/** A processor's notification once its signature is checked. */
export interface ProviderNotification {
  reference: string;
  state: TransactionState;
  acquirerReference?: string;
  amount: number;
  currency: string;
  message?: string;
}

/**
 * A payment provider. `code` is the `provider` field of its acquirers. Every method is called by the
 * payment services only, after they checked the caller, the amount and the transaction's state; what a
 * provider answers is applied by them (state changes are idempotent and call the state hooks).
 */
export interface PaymentProvider {
  readonly code: string;
  /** English label (back office, README). */
  readonly label: string;
  payForm(acquirer: AcquirerInfo): PayForm;
  /** Pays `tx` (in `draft`) with what the pay form posted (card fields, a hosted-fields token...). */
  process(tx: TransactionInfo, acquirer: AcquirerInfo, data: Record<string, unknown>): Promise<ProviderOutcome>;
  /** Saves a payment method for a partner from what its form posted; field errors when refused. */
  createToken?(acquirer: AcquirerInfo, data: Record<string, unknown>): Promise<{ token: TokenData } | { fieldErrors: Record<string, string> }>;
  /** Pays `tx` with a saved payment method (its owner was checked). */
  payWithToken?(tx: TransactionInfo, acquirer: AcquirerInfo, token: { acquirerRef: string; brand: string; last4: string }): Promise<ProviderOutcome>;
  /** Asks the processor where a pending transaction is (status polling); null when it has nothing new. */
  refresh?(tx: TransactionInfo, acquirer: AcquirerInfo): Promise<ProviderOutcome | null>;
  capture?(tx: TransactionInfo, acquirer: AcquirerInfo): Promise<ProviderOutcome>;
  void?(tx: TransactionInfo, acquirer: AcquirerInfo): Promise<ProviderOutcome>;
  refund?(tx: TransactionInfo, acquirer: AcquirerInfo, amount: number): Promise<ProviderOutcome>;
  /**
   * A notification posted by the processor to `/payment/<code>/notify`: null unless its signature is
   * the processor's (then nothing is changed).
   */
  verifyNotification?(body: Record<string, unknown>, header: (name: string) => string): Promise<ProviderNotification | null>;
}
export const PaymentProvider = Symbol('PaymentProvider');

/**
 * Called, in the transaction that changed the state, after a payment transaction moved from `previous`
 * to `tx.state` (once per change: a repeated notification changes nothing and calls nothing). A shop
 * confirms its order on `done`/`authorized` and reopens it on `cancel`/`error`. A hook that throws
 * undoes the change.
 */
export interface TransactionStateHook {
  transactionStateChanged(env: Env, tx: TransactionInfo, previous: TransactionState): Promise<void>;
}
export const TransactionStateHook = Symbol('TransactionStateHook');

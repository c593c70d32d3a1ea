/*
 * The public face of payment: other modules import this file only (`@modules/payment`), and only
 * when their manifest depends on payment. Everything else in this folder may change without notice.
 *
 * - A shop creates a transaction for its order: `PaymentTransactions.create` (reference derived from the
 *   order, made unique), or sends the payer to a signed link (`PaymentLinks.payUrl`).
 * - It reacts to payments with a `TransactionStateHook` (done/authorized: confirm; cancel/error: reopen).
 * - A module for a real processor binds a `PaymentProvider` (hosted fields or a redirect).
 */
export { PaymentProvider, TransactionStateHook } from './server/services/payment-provider';
export type { AcquirerInfo, TransactionInfo, ProviderOutcome, ProviderNotification, TokenData, PayForm } from './server/services/payment-provider';
export { PaymentTransactions, statusAnswer, type NewTransaction, type StatusAnswer } from './server/services/payment-transactions';
export { PaymentCheckout, type Payer, type PayLink, type PayResult } from './server/services/payment-checkout';
export { PaymentCatalog, type CurrencyInfo } from './server/services/payment-catalog';
export { PaymentLinks } from './server/services/payment-links';
export { PaymentTokens, type SavedCard } from './server/services/payment-tokens';
export { TRANSACTION_MODEL, TRANSACTION_STATES, type TransactionState } from './server/models/payment-transaction';
export { ACQUIRER_MODEL, DEFAULT_MESSAGES } from './server/models/payment-acquirer';
export { TOKEN_MODEL } from './server/models/payment-token';
export { CURRENCY_MODEL } from './server/models/res-currency';
export * from './common/card-rules';
export { cardFieldsSchema, cardFieldErrors, CARD_MESSAGES, type CardFields } from './common/card-schema';
export { TEST_CARDS } from './common/test-cards';
export { STATUS_POLL_MAX, statusPollDelayMs, WAITING_TITLE, RETRY_SUFFIX, type PaymentStatus, type PayReply } from './common/pay-schema';

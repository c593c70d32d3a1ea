import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { cardBrand, cardDigits, cardLast4, parseCardExpiry } from '../../common/card-rules';
import { cardFieldErrors, type CardField } from '../../common/card-schema';
import { TEST_CARDS } from '../../common/test-cards';
import type { TransactionState } from '../models/payment-transaction';
import type { AcquirerInfo, PayForm, PaymentProvider, ProviderNotification, ProviderOutcome, TokenData, TransactionInfo } from '../services/payment-provider';
import { PaymentSignatures } from '../services/payment-signatures';

const digits = (n: string) => n.replace(/ /g, '');
type Behaviour = 'approved' | 'declined' | 'pending' | 'error';

/** How long the "pending" test card stays pending: `PAYMENT_TEST_PENDING_MS` (tests set it low). */
@injectable()
export class TestProviderSettings {
  pendingDelayMs = Number(process.env.PAYMENT_TEST_PENDING_MS ?? 5000);
}

export const DECLINED_MESSAGE = 'Your card was declined.';
export const PROCESSOR_ERROR_MESSAGE = 'The payment processor could not process the card. Try again later.';

/**
 * A card processor simulated on the server, for test acquirers: it checks every card rule again
 * (answering which field is wrong), then behaves as the documented test numbers say. It keeps the
 * brand and the last 4 digits only: the number and the security code go no further than this call.
 * Saved cards are tokens `test_<behaviour>_<random>`, so a saved declined card declines again.
 */
@injectable()
export class TestPaymentProvider implements PaymentProvider {
  readonly code = 'test';
  readonly label = 'Test card processor';

  constructor(
    @inject(TestProviderSettings) private readonly settings: TestProviderSettings,
    @inject(PaymentSignatures) private readonly signatures: PaymentSignatures,
  ) {}

  payForm(): PayForm {
    return { kind: 'card_form' };
  }

  async process(_tx: TransactionInfo, acquirer: AcquirerInfo, data: Record<string, unknown>): Promise<ProviderOutcome> {
    const checked = this.checkCard(acquirer, data);
    if ('fieldErrors' in checked) return { state: 'draft', fieldErrors: checked.fieldErrors };
    return this.outcome(this.behaviour(checked.number), checked.card, acquirer.captureManually);
  }

  async createToken(acquirer: AcquirerInfo, data: Record<string, unknown>): Promise<{ token: TokenData } | { fieldErrors: Record<string, string> }> {
    const checked = this.checkCard(acquirer, data);
    if ('fieldErrors' in checked) return { fieldErrors: checked.fieldErrors };
    const expiry = parseCardExpiry(String(data.cc_expiry))!;
    return {
      token: {
        acquirerRef: `test_${this.behaviour(checked.number)}_${crypto.randomBytes(9).toString('base64url')}`,
        brand: checked.card.brand, last4: checked.card.last4, holderName: String(data.cc_holder_name).trim(),
        expiry: `${String(expiry.month).padStart(2, '0')}/${String(expiry.year).slice(-2)}`,
      },
    };
  }

  async payWithToken(_tx: TransactionInfo, acquirer: AcquirerInfo, token: { acquirerRef: string; brand: string; last4: string }): Promise<ProviderOutcome> {
    const behaviour = (/^test_(approved|declined|pending|error)_/.exec(token.acquirerRef)?.[1] ?? 'error') as Behaviour;
    return this.outcome(behaviour, { brand: token.brand, last4: token.last4 }, acquirer.captureManually);
  }

  /** The "pending" card completes once its delay has passed since it was paid. */
  async refresh(tx: TransactionInfo, acquirer: AcquirerInfo): Promise<ProviderOutcome | null> {
    const since = /^TEST-PENDING-(\d+)-/.exec(tx.acquirerReference);
    if (!since) return null;
    return Date.now() - Number(since[1]) >= this.settings.pendingDelayMs ? { state: acquirer.captureManually ? 'authorized' : 'done', message: '' } : null;
  }

  async capture(): Promise<ProviderOutcome> {
    return { state: 'done' };
  }

  async void(): Promise<ProviderOutcome> {
    return { state: 'cancel' };
  }

  async refund(): Promise<ProviderOutcome> {
    return { state: 'cancel', message: 'Refunded.' };
  }

  /** A notification the simulated processor signs: `{ reference, state, acquirer_reference, amount, currency, signature }`. */
  async signNotification(n: ProviderNotification): Promise<Record<string, unknown>> {
    const body = { reference: n.reference, state: n.state, acquirer_reference: n.acquirerReference ?? '', amount: n.amount.toFixed(2), currency: n.currency };
    return { ...body, signature: await this.signatures.sign('test-notify', body.reference, body.state, body.acquirer_reference, body.amount, body.currency) };
  }

  async verifyNotification(body: Record<string, unknown>): Promise<ProviderNotification | null> {
    const s = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
    const ok = await this.signatures.verify(body.signature, 'test-notify', s('reference'), s('state'), s('acquirer_reference'), s('amount'), s('currency'));
    if (!ok || !['pending', 'authorized', 'done', 'error', 'cancel'].includes(s('state'))) return null;
    return { reference: s('reference'), state: s('state') as TransactionState, acquirerReference: s('acquirer_reference'), amount: Number(s('amount')), currency: s('currency') };
  }

  private checkCard(acquirer: AcquirerInfo, data: Record<string, unknown>): { number: string; card: { brand: string; last4: string } } | { fieldErrors: Record<string, string> } {
    if (acquirer.environment !== 'test') return { fieldErrors: { cc_number: 'The test processor takes no real card: this provider is in production.' } };
    const card: Record<CardField, unknown> = { cc_number: data.cc_number, cc_holder_name: data.cc_holder_name, cc_expiry: data.cc_expiry, cc_cvc: data.cc_cvc };
    const errors = cardFieldErrors(card);
    if (Object.keys(errors).length) return { fieldErrors: errors as Record<string, string> };
    const number = cardDigits(String(data.cc_number))!;
    return { number, card: { brand: cardBrand(number)!, last4: cardLast4(number) } };
  }

  private behaviour(number: string): Behaviour {
    for (const b of ['declined', 'pending', 'error'] as const) if (digits(TEST_CARDS[b]) === number) return b;
    return 'approved';
  }

  private outcome(behaviour: Behaviour, card: { brand: string; last4: string }, authorizeOnly: boolean): ProviderOutcome {
    // A pending payment's reference carries when it began (its delay counts from there).
    const ref = `TEST-${behaviour === 'pending' ? `PENDING-${Date.now()}-` : ''}${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
    switch (behaviour) {
      case 'declined': return { state: 'error', message: DECLINED_MESSAGE, acquirerReference: ref, card };
      case 'error': return { state: 'error', message: PROCESSOR_ERROR_MESSAGE, acquirerReference: ref, card };
      case 'pending': return { state: 'pending', message: '', acquirerReference: ref, card };
      default: return { state: authorizeOnly ? 'authorized' : 'done', message: '', acquirerReference: ref, card };
    }
  }
}

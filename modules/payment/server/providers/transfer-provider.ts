import { injectable } from 'inversify';
import type { AcquirerInfo, PayForm, PaymentProvider, ProviderOutcome } from '../services/payment-provider';

/**
 * Wire transfer: paying leaves the transaction pending with the bank details (the acquirer's thanks
 * message); an administrator confirms it once the money is on the account (PaymentTransactions.confirmTransfer).
 */
@injectable()
export class TransferPaymentProvider implements PaymentProvider {
  readonly code = 'transfer';
  readonly label = 'Wire transfer';

  payForm(): PayForm {
    return { kind: 'button', label: 'Pay Now' };
  }

  async process(): Promise<ProviderOutcome> {
    return { state: 'pending', message: '' };
  }

  async void(_tx: unknown, _acquirer: AcquirerInfo): Promise<ProviderOutcome> {
    return { state: 'cancel' };
  }
}

import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';

export const PAYMENT_MANAGERS = ['payment.group_payment_manager', 'base.group_system'];
const VIEWS = path.join(__dirname, '..', '..', 'web', 'backoffice');

/**
 * The Payment app of the back office (/web), for payment managers and administrators: providers
 * (publish, messages, test or production), transactions (filters by state and provider; a pending wire
 * transfer's form confirms it), wire transfers waiting for the money, saved cards, currencies.
 */
@injectable()
export class PaymentBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    const txColumns = ['reference', 'create_date', 'partner_name', 'acquirer_id', 'amount', 'currency_id', 'state', 'card_last4'];
    return [
      { id: 'payment.app', name: 'Payment', sequence: 70, groups: PAYMENT_MANAGERS },
      { id: 'payment.transactions', parent: 'payment.app', name: 'Transactions', sequence: 10, groups: PAYMENT_MANAGERS, action: { model: 'payment.transaction', columns: txColumns } },
      { id: 'payment.transfers', parent: 'payment.app', name: 'Wire transfers to confirm', sequence: 20, groups: PAYMENT_MANAGERS, action: { model: 'payment.transaction', domain: [['provider', '=', 'transfer'], ['state', '=', 'pending']], columns: txColumns } },
      { id: 'payment.acquirers', parent: 'payment.app', name: 'Providers', sequence: 30, groups: PAYMENT_MANAGERS, action: { model: 'payment.acquirer', columns: ['name', 'provider', 'environment', 'website_published', 'website_id', 'sequence'] } },
      { id: 'payment.tokens', parent: 'payment.app', name: 'Saved cards', sequence: 40, groups: PAYMENT_MANAGERS, action: { model: 'payment.token', columns: ['name', 'partner_id', 'brand', 'last4', 'acquirer_id', 'active'] } },
      { id: 'payment.currencies', parent: 'payment.app', name: 'Currencies', sequence: 50, groups: PAYMENT_MANAGERS, action: { model: 'res.currency', columns: ['name', 'symbol', 'decimal_places', 'active'] } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [{ target: { model: 'payment.transaction', view: 'form' }, file: path.join(VIEWS, 'transaction-form.tsx') }];
  }
}

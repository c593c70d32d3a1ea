import { injectable } from 'inversify';
import type { UserMenuContribution, UserMenuEntry } from '@platform/web';
import { PAYMENT_METHODS_URL, PAY_LINK_URL } from '../../common/pay-schema';
import { PAYMENT_MANAGERS } from './backoffice-menu';

/** In the user menu: everybody's saved cards; for payment managers, the payment link generator. */
@injectable()
export class PaymentUserMenu implements UserMenuContribution {
  userMenuEntries(): UserMenuEntry[] {
    return [
      { name: 'Payment methods', url: PAYMENT_METHODS_URL, sequence: 40 },
      { name: 'Payment link', url: PAY_LINK_URL, sequence: 45, groups: PAYMENT_MANAGERS },
    ];
  }
}

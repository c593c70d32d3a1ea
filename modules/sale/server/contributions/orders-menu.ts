import { injectable } from 'inversify';
import type { UserMenuContribution, UserMenuEntry } from '@platform/web';
import { MY_ORDERS_URL } from '../../common/checkout-schemas';

/** Signed-in customers find their orders in their user menu. */
@injectable()
export class OrdersMenu implements UserMenuContribution {
  userMenuEntries(): UserMenuEntry[] {
    return [{ name: 'My orders', url: MY_ORDERS_URL, sequence: 20 }];
  }
}

import { injectable } from 'inversify';
import type { UserMenuContribution, UserMenuEntry } from '@platform/web';

/** The signed-in user's name in the header leads to their account details. */
@injectable()
export class AccountMenu implements UserMenuContribution {
  userMenuEntries(): UserMenuEntry[] {
    return [{ name: 'My account', url: '/my/account', sequence: 10 }];
  }
}

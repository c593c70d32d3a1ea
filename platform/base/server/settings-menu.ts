import { injectable } from 'inversify';
import type { UserMenuContribution, UserMenuEntry } from '@platform/web/contribution-points';

/** Internal users find the back office in their user menu, administrators also the site settings. */
@injectable()
export class SettingsMenu implements UserMenuContribution {
  userMenuEntries(): UserMenuEntry[] {
    return [
      { name: 'Back office', url: '/web', sequence: 80, groups: ['base.group_user'] },
      { name: 'Site settings', url: '/website/settings', sequence: 90, groups: ['base.group_system'] },
    ];
  }
}

import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web/contribution-points';

/** The website's own menu entries (other modules add theirs where they are enabled). */
@injectable()
export class WebsiteMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Gallery', url: '/gallery', sequence: 90 }];
  }
}

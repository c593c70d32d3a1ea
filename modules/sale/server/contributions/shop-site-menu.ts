import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web';

/** The Shop page's entry in the site menu: the website module adds it where this module is enabled (see its ModuleMenuEntries). */
@injectable()
export class ShopSiteMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Shop', url: '/shop', sequence: 30 }];
  }
}

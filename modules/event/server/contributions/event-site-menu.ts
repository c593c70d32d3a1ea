import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web';

/** The Events page's entry in the site menu: the website module adds it where this module is enabled (see its ModuleMenuEntries). */
@injectable()
export class EventSiteMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Events', url: '/event', sequence: 40 }];
  }
}

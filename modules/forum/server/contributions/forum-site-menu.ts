import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web';

/** The Forum page's entry in the site menu: the website module adds it where this module is enabled (see its ModuleMenuEntries). */
@injectable()
export class ForumSiteMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Forum', url: '/forum', sequence: 70 }];
  }
}

import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web';

/** The Courses page's entry in the site menu: the website module adds it where this module is enabled (see its ModuleMenuEntries). */
@injectable()
export class SlidesSiteMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Courses', url: '/slides', sequence: 50 }];
  }
}

import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web';

/** The Surveys page's entry in the site menu: the website module adds it where this module is enabled (see its ModuleMenuEntries). */
@injectable()
export class SurveySiteMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Surveys', url: '/survey', sequence: 80 }];
  }
}

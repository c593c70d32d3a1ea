import { injectable } from 'inversify';
import type { MenuContribution, MenuEntry } from '@platform/web';
import { LINK_TRACKER_GROUPS } from '../services/access';

/** The link page in the site menu, for the users who may use it (everyone else gets a 403 there). */
@injectable()
export class LinkTrackerMenu implements MenuContribution {
  menuEntries(): MenuEntry[] {
    return [{ name: 'Link Tracker', url: '/r', sequence: 90, groups: LINK_TRACKER_GROUPS }];
  }
}

import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web/backoffice/contribution-points';
import { LINK_TRACKER_GROUPS } from './access';

/**
 * The Link Tracker app of the back office (/web): generic views of the module's models, shown where the
 * module is enabled, to the users who may read them.
 */
@injectable()
export class LinkTrackerBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'link_tracker.app', name: 'Link Tracker', sequence: 40, groups: LINK_TRACKER_GROUPS },
      { id: 'link_tracker.links', parent: 'link_tracker.app', name: 'Links', sequence: 10, groups: LINK_TRACKER_GROUPS, action: { model: 'link.tracker' } },
      { id: 'link_tracker.campaigns', parent: 'link_tracker.app', name: 'Campaigns', sequence: 20, groups: LINK_TRACKER_GROUPS, action: { model: 'utm.campaign' } },
    ];
  }
}

import path from 'node:path';
import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry, BackofficeView, BackofficeViewContribution } from '@platform/web';
import { LINK_TRACKER_GROUPS } from '../services/access';

const VIEWS = path.join(__dirname, '..', '..', 'web', 'backoffice');

/**
 * The Link Tracker app of the back office (/web): generic views of the module's models, shown where the
 * module is enabled, to the users who may read them; a link's form adds the way to its statistics.
 */
@injectable()
export class LinkTrackerBackofficeMenu implements BackofficeMenuContribution, BackofficeViewContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'link_tracker.app', name: 'Link Tracker', sequence: 40, groups: LINK_TRACKER_GROUPS },
      { id: 'link_tracker.links', parent: 'link_tracker.app', name: 'Links', sequence: 10, groups: LINK_TRACKER_GROUPS, action: { model: 'link.tracker' } },
      { id: 'link_tracker.campaigns', parent: 'link_tracker.app', name: 'Campaigns', sequence: 20, groups: LINK_TRACKER_GROUPS, action: { model: 'utm.campaign' } },
    ];
  }

  backofficeViews(): BackofficeView[] {
    return [{ target: { model: 'link.tracker', view: 'form' }, file: path.join(VIEWS, 'link-form.tsx') }];
  }
}

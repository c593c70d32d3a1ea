import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web';
import { EVENT_ITEM_MODEL } from '../models/event-item';

/** The Event app of the back office (/web): the generic list and form of items, for internal users. */
@injectable()
export class EventBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'event.app', name: 'Event', sequence: 100 },
      { id: 'event.items', parent: 'event.app', name: 'Items', sequence: 10, action: { model: EVENT_ITEM_MODEL, columns: ['name', 'is_published'] } },
    ];
  }
}

import { injectable } from 'inversify';
import type { BackofficeMenuContribution, BackofficeMenuEntry } from '@platform/web';

const MANAGER = ['event.group_event_manager'];

/**
 * The Events app of the back office (/web): events (an event's form lists its attendees, whose state
 * a manager changes in place: Attended is the check-in), attendees (search by event, group by state,
 * CSV export of the current search), tickets, talks and their settings.
 */
@injectable()
export class EventBackofficeMenu implements BackofficeMenuContribution {
  backofficeMenuEntries(): BackofficeMenuEntry[] {
    return [
      { id: 'event.app', name: 'Events', sequence: 60 },
      { id: 'event.events', parent: 'event.app', name: 'Events', sequence: 10, action: { model: 'event.event', columns: ['name', 'date_begin', 'country_id', 'state', 'seats_availability', 'seats_max', 'seats_reserved', 'website_published'] } },
      { id: 'event.attendees', parent: 'event.app', name: 'Attendees', sequence: 20, action: { model: 'event.registration', columns: ['name', 'email', 'phone', 'event_id', 'event_ticket_id', 'state', 'date_open'] } },
      { id: 'event.to_check_in', parent: 'event.app', name: 'To check in', sequence: 25, action: { model: 'event.registration', domain: [['state', '=', 'open']], columns: ['name', 'email', 'event_id', 'event_ticket_id', 'state'] } },
      { id: 'event.tickets', parent: 'event.app', name: 'Tickets', sequence: 30, groups: MANAGER, action: { model: 'event.event.ticket', columns: ['name', 'event_id', 'price', 'deadline', 'seats_max', 'seats_reserved'] } },
      { id: 'event.tracks', parent: 'event.app', name: 'Talks', sequence: 40, action: { model: 'event.track', columns: ['name', 'event_id', 'partner_name', 'date', 'location_id', 'state'] } },
      { id: 'event.types', parent: 'event.app', name: 'Event types', sequence: 50, groups: MANAGER, action: { model: 'event.type', columns: ['name', 'sequence'] } },
      { id: 'event.track_tags', parent: 'event.app', name: 'Talk tags', sequence: 60, groups: MANAGER, action: { model: 'event.track.tag', columns: ['name'] } },
      { id: 'event.rooms', parent: 'event.app', name: 'Rooms', sequence: 70, groups: MANAGER, action: { model: 'event.track.location', columns: ['name'] } },
    ];
  }
}

/*
 * The public face of event: other modules import this file only (`@modules/event`), and only
 * when their manifest depends on event. Everything else in this folder may change without notice.
 */
export { EVENT_MODEL } from './server/models/event-event';
export { TICKET_MODEL } from './server/models/event-ticket';
export { REGISTRATION_MODEL } from './server/models/event-registration';
export { TRACK_MODEL } from './server/models/event-track';
export { EventRegistrations, type ChosenTickets, type RegisterOptions } from './server/services/event-registrations';
export { EventCatalog, type EventDetail } from './server/services/event-catalog';
export { TicketSaleContribution } from './server/services/ticket-sale-point';
export { SEAT_MESSAGES, SELECT_MAX } from './common/event-rules';
export { eventUrls } from './common/event-urls';
export type { AttendeeInput } from './common/event-schemas';

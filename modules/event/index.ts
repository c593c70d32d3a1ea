/*
 * The public face of event: other modules import this file only (`@modules/event`), and only
 * when their manifest depends on event. Everything else in this folder may change without notice.
 */
export { EVENT_ITEM_MODEL } from './server/models/event-item';
export { EventItemService } from './server/services/item-service';
export { newItemSchema, type NewItem, type EventItemSummary } from './common/item-schema';

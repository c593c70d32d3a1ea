/*
 * The public face of the bus: what other modules may use (`@modules/bus`). Anything else in this
 * folder may change without notice.
 */
export type { Notification } from './server/services/bus-options';
export { BusService } from './server/services/bus-service';
export { BusChannelContribution, partnerChannel, type BusRequester } from './server/services/channel-authority';
export { PresenceService, type ImStatus } from './server/services/presence-service';
export { BusPresenceContribution } from './server/services/presence-visibility';

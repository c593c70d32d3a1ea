import type { RequestContext } from '@platform/http';
import type { AttendeeInput } from '../../common/event-schemas';

/**
 * Where tickets with a price go: a module that sells them (event_sale, through the shop) registers the
 * attendees as unconfirmed, puts the tickets in the buyer's cart and answers where to send the buyer
 * (the cart). Without one enabled on the site, paid tickets are refused.
 */
export interface TicketSaleContribution {
  sell(req: RequestContext, eventId: number, attendees: AttendeeInput[]): Promise<string>;
}
export const TicketSaleContribution = Symbol('TicketSaleContribution');

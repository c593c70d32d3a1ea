import { inject, injectable } from 'inversify';
import { AccessError, MissingError, UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { checkinMarkSchema, checkinPageSchema, checkinUrl } from '../../common/checkin';
import { checkinPage } from '../../web/pages/checkin-page';
import { EVENT_MODEL } from '../models/event-event';
import { REGISTRATION_MODEL } from '../models/event-registration';
import { EventCheckin } from '../services/event-checkin';

const MANAGER = 'event.group_event_manager';
const MANAGERS = [MANAGER, 'base.group_system'];
const CHECKIN_REFUSAL = 'The check-in is for the event\'s managers.';

/**
 * `/event/<id>/checkin`: the organisers' door screen, on a phone as at a desk. A search by name, e-mail
 * or registration code (a GET form), and a button per attendee that checks them in (a POST with the
 * CSRF token, answered by a redirect back to the same search saying who came in: reloading never posts
 * twice). Event managers only; everyone else gets a 403.
 */
@injectable()
export class CheckinRoutes implements RouteContribution {
  constructor(@inject(EventCheckin) private readonly checkin: EventCheckin) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/event/:id/checkin', type: 'http', auth: 'user', groups: MANAGERS, refusal: CHECKIN_REFUSAL, methods: ['GET'], params: checkinPageSchema,
        handler: async (req) => {
          const event = await this.event(req);
          const list = await this.checkin.search(req.env, event.id, req.params.q);
          const [came] = req.params.in ? await req.env.model(REGISTRATION_MODEL).search_read([['id', '=', req.params.in], ['event_id', '=', event.id], ['state', '=', 'done']], ['name'], { limit: 1 }) : [];
          return checkinPage({ event, q: req.params.q, list, csrfToken: req.csrfToken(), notice: came ? { kind: 'success', name: String(came.name) } : undefined });
        },
      }),
      route({
        path: '/event/:id/checkin', type: 'http', auth: 'user', groups: MANAGERS, refusal: CHECKIN_REFUSAL, methods: ['POST'], params: checkinMarkSchema,
        handler: async (req) => {
          const event = await this.event(req);
          try {
            await this.checkin.checkIn(req.env, event.id, req.params.registration);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            const list = await this.checkin.search(req.env, event.id, req.params.q);
            return checkinPage({ event, q: req.params.q, list, csrfToken: req.csrfToken(), notice: { kind: 'danger', text: err.message } }, 400);
          }
          const back = checkinUrl(event.id, req.params.q);
          req.reply.redirect(`${back}${back.includes('?') ? '&' : '?'}in=${req.params.registration}`, { status: 303 });
          return undefined;
        },
      }),
    ];
  }

  /** The event, for its managers. */
  private async event(req: RequestContext): Promise<{ id: number; name: string; url: string }> {
    if (!req.env.hasGroup(MANAGER) && !req.env.hasGroup('base.group_system')) throw new AccessError(CHECKIN_REFUSAL);
    const id = /^\d{1,9}$/.test(req.pathParams.id ?? '') ? Number(req.pathParams.id) : 0;
    const [event] = id ? await req.env.model(EVENT_MODEL).search_read([['id', '=', id]], ['name'], { limit: 1 }) : [];
    if (!event) throw new MissingError('This event does not exist.');
    return { id, name: String(event.name), url: `/web#model=${EVENT_MODEL}&view=form&id=${id}` };
  }
}

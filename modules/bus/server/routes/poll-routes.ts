import { inject, injectable } from 'inversify';
import * as yup from 'yup';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { BusOptions, type Notification } from '../services/bus-options';
import { BusPoller } from '../services/bus-poller';
import { ChannelAuthority } from '../services/channel-authority';
import { PresenceService } from '../services/presence-service';
import { PresenceVisibility } from '../services/presence-visibility';
import { pollParams, type PollParams } from './poll-params';

export const PRESENCE_CHANNEL = 'bus.presence';

/** `/longpolling/poll` (held until something arrives) and `/longpolling/im_status`. */
@injectable()
export class PollRoutes implements RouteContribution {
  constructor(
    @inject(BusPoller) private readonly poller: BusPoller,
    @inject(ChannelAuthority) private readonly authority: ChannelAuthority,
    @inject(PresenceService) private readonly presence: PresenceService,
    @inject(PresenceVisibility) private readonly visibility: PresenceVisibility,
    @inject(BusOptions) private readonly options: BusOptions,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/longpolling/poll', type: 'json', auth: 'public', params: pollParams,
        handler: (req: RequestContext<PollParams>) => this.poll(req),
      },
      {
        path: '/longpolling/im_status', type: 'json', auth: 'user',
        params: yup.object({ partner_ids: yup.array(yup.number().integer().min(1).required()).max(500).required() }),
        // Only the partners the caller may watch are answered (internal users: all; others: see PresenceVisibility).
        handler: async (req: RequestContext<{ partner_ids: number[] }>) => {
          const statuses = await this.presence.imStatus(await this.visibility.filter(req, req.params.partner_ids));
          return [...statuses].map(([id, im_status]) => ({ id, im_status }));
        },
      },
    ];
  }

  private async poll(req: RequestContext<PollParams>): Promise<Notification[]> {
    // yup does not apply defaults in strict mode.
    const channels = req.params.channels ?? [];
    const last = req.params.last ?? 0;
    const options = req.params.options ?? {};
    if (!req.isPublic) await this.presence.update(req.user.id, options.bus_inactivity);
    const allowed = await this.authority.resolve(req, channels);
    // A client that goes away stops the wait (req.http.gone), freeing its listener at once.
    const notifications = await this.poller.poll(allowed, last, { timeoutMs: this.options.pollTimeoutMs, signal: req.http.gone, peek: options.peek });
    const partnerIds = req.isPublic ? [] : await this.visibility.filter(req, options.bus_presence_partner_ids ?? []);
    if (partnerIds.length === 0) return notifications;
    const statuses = await this.presence.imStatus(partnerIds);
    return [...notifications, ...[...statuses].map(([id, im_status]) => ({ id: -1, channel: PRESENCE_CHANNEL, message: { id, im_status } }))];
  }
}

import { ContainerModule } from 'inversify';
import { bindContribution, bindContributionProvider } from '../../../platform/kernel/contribution';
import {
  JobContribution, LifecycleContribution, RouteContribution, ServerContribution,
} from '../../../platform/kernel/contribution-points';
import { PartnerChannels } from './bus-channels';
import { BusJobs } from './bus-jobs';
import { BusLifecycle } from './bus-lifecycle';
import { BusOptions, defaultBusOptions } from './bus-options';
import { PollRoutes } from './routes/poll-routes';
import { BusDispatcher } from './services/bus-dispatcher';
import { BusPoller } from './services/bus-poller';
import { BusService } from './services/bus-service';
import { BusChannelContribution, ChannelAuthority } from './services/channel-authority';
import { PgBusListener } from './services/pg-listener';
import { PresenceService } from './services/presence-service';
import { SqliteBusWatcher } from './services/sqlite-watcher';
import { BusPresenceContribution, PresenceVisibility } from './services/presence-visibility';
import { BusWebSocket } from './websocket/bus-websocket';

export const busModule = new ContainerModule(({ bind }) => {
  bind(BusOptions).toConstantValue(defaultBusOptions());
  bind(BusDispatcher).toSelf();
  bind(BusService).toSelf();
  bind(BusPoller).toSelf();
  bind(PresenceService).toSelf();
  bind(PresenceVisibility).toSelf();
  bind(ChannelAuthority).toSelf();
  bind(PgBusListener).toSelf();
  bind(SqliteBusWatcher).toSelf();
  bindContributionProvider(bind, BusPresenceContribution);
  bindContributionProvider(bind, BusChannelContribution);
  bindContribution(bind, BusChannelContribution, PartnerChannels);
  bindContribution(bind, RouteContribution, PollRoutes);
  bindContribution(bind, JobContribution, BusJobs);
  bindContribution(bind, LifecycleContribution, BusLifecycle);
  bindContribution(bind, ServerContribution, BusWebSocket);
});

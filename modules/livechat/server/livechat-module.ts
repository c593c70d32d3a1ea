import { ContainerModule } from 'inversify';
import { bindContribution } from '../../../platform/kernel/contribution';
import { JobContribution, LayoutWidgetContribution, ModelContribution, RouteContribution } from '../../../platform/kernel/contribution-points';
import { BusChannelContribution } from '../../bus/server/services/channel-authority';
import { BusPresenceContribution } from '../../bus/server/services/presence-visibility';
import { LivechatChannels } from './livechat-channels';
import { LivechatJobs } from './livechat-jobs';
import { LivechatLayoutWidget } from './livechat-layout-widget';
import { LivechatModels } from './livechat-models';
import { LivechatPresence } from './livechat-presence';
import { LivechatEmbed } from './routes/livechat-embed';
import { LivechatPages } from './routes/livechat-pages';
import { LivechatRoutes } from './routes/livechat-routes';
import { LivechatSessions } from './services/livechat-sessions';
import { RuleMatcher } from './services/rule-matcher';

export const livechatModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, LivechatModels);
  bind(LivechatSessions).toSelf();
  bind(RuleMatcher).toSelf();
  bindContribution(bind, RouteContribution, LivechatRoutes);
  bindContribution(bind, RouteContribution, LivechatPages);
  bindContribution(bind, RouteContribution, LivechatEmbed);
  bindContribution(bind, BusChannelContribution, LivechatChannels);
  bindContribution(bind, LayoutWidgetContribution, LivechatLayoutWidget);
  bindContribution(bind, JobContribution, LivechatJobs);
  bindContribution(bind, BusPresenceContribution, LivechatPresence);
});

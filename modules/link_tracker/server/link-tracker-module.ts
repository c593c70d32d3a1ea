import { ContainerModule } from 'inversify';
import { HotPathContribution, LifecycleContribution, MenuContribution, ModelContribution, RouteContribution } from '../../../platform/kernel/contribution-points';
import { LinkTrackerMenu } from './link-tracker-menu';
import { LinkTrackerModels } from './link-tracker-models';
import { LinkRoutes } from './routes/link-routes';
import { RedirectHotPath } from './routes/redirect-hot-path';
import { RedirectRoutes } from './routes/redirect-routes';
import { ClickRecorder } from './services/click-recorder';
import { LinkPreviewer } from './services/link-preview';
import { LinkService } from './services/link-service';
import { VisitorCountry } from './services/visitor-country';

export const linkTrackerModule = new ContainerModule(({ bind }) => {
  bind(LinkTrackerModels).toSelf();
  bind(ModelContribution).toService(LinkTrackerModels);
  bind(VisitorCountry).toSelf();
  bind(LinkPreviewer).toSelf();
  bind(ClickRecorder).toSelf();
  bind(LifecycleContribution).toService(ClickRecorder);
  bind(LinkService).toSelf();
  bind(LinkRoutes).toSelf();
  bind(RouteContribution).toService(LinkRoutes);
  bind(RedirectHotPath).toSelf();
  bind(HotPathContribution).toService(RedirectHotPath);
  bind(RedirectRoutes).toSelf();
  bind(RouteContribution).toService(RedirectRoutes);
  bind(LinkTrackerMenu).toSelf();
  bind(MenuContribution).toService(LinkTrackerMenu);
});

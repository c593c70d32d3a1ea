import { ContainerModule } from 'inversify';
import { bindContribution, LifecycleContribution } from '@platform/core';
import { HotPathContribution, RouteContribution } from '@platform/http';
import { BackofficeMenuContribution, BackofficeViewContribution, MenuContribution } from '@platform/web';
import { ModelContribution } from '@platform/orm';
import { LinkTrackerMenu } from './contributions/link-tracker-menu';
import { LinkTrackerModels } from './link-tracker-models';
import { LinkRoutes } from './routes/link-routes';
import { RedirectHotPath } from './routes/redirect-hot-path';
import { RedirectRoutes } from './routes/redirect-routes';
import { ClickRecorder } from './services/click-recorder';
import { LinkPreviewer } from './services/link-preview';
import { LinkService } from './services/link-service';
import { LinkTrackerBackofficeMenu } from './contributions/link-tracker-backoffice-menu';

export const linkTrackerModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, LinkTrackerModels);
  bind(LinkPreviewer).toSelf();
  bindContribution(bind, LifecycleContribution, ClickRecorder);
  bind(LinkService).toSelf();
  bindContribution(bind, RouteContribution, LinkRoutes);
  bindContribution(bind, HotPathContribution, RedirectHotPath);
  bindContribution(bind, RouteContribution, RedirectRoutes);
  bindContribution(bind, MenuContribution, LinkTrackerMenu);
  bindContribution(bind, [BackofficeMenuContribution, BackofficeViewContribution], LinkTrackerBackofficeMenu);
});

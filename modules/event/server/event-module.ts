import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core';
import { RouteContribution } from '@platform/http';
import { ModelContribution } from '@platform/orm';
import { BackofficeMenuContribution } from '@platform/web';
import { EventBackofficeMenu } from './contributions/backoffice-menu';
import { EventModels } from './event-models';
import { EventItemRoutes } from './routes/item-routes';
import { EventItemService } from './services/item-service';

export const eventModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, EventModels);
  bind(EventItemService).toSelf();
  bindContribution(bind, RouteContribution, EventItemRoutes);
  bindContribution(bind, BackofficeMenuContribution, EventBackofficeMenu);
});

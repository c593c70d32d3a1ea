import { ContainerModule } from 'inversify';
import { ModelContribution, RouteContribution } from '../../../platform/kernel/contribution-points';
import { PageRoutes } from './routes/page-routes';
import { WebsiteModels } from './website-models';

export const websiteModule = new ContainerModule(({ bind }) => {
  bind(WebsiteModels).toSelf();
  bind(ModelContribution).toService(WebsiteModels);
  bind(PageRoutes).toSelf();
  bind(RouteContribution).toService(PageRoutes);
});

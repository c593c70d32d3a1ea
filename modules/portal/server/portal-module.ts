import { ContainerModule } from 'inversify';
import { RouteContribution } from '../../../platform/kernel/contribution-points';
import { AccountRoutes } from './routes/account-routes';
import { AccountDetails } from './services/account-details';

export const portalModule = new ContainerModule(({ bind }) => {
  bind(AccountDetails).toSelf();
  bind(AccountRoutes).toSelf();
  bind(RouteContribution).toService(AccountRoutes);
});

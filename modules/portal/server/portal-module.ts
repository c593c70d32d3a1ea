import { ContainerModule } from 'inversify';
import { bindContribution } from '../../../platform/kernel/contribution';
import { RouteContribution } from '../../../platform/kernel/contribution-points';
import { AccountRoutes } from './routes/account-routes';
import { AccountDetails } from './services/account-details';

export const portalModule = new ContainerModule(({ bind }) => {
  bind(AccountDetails).toSelf();
  bindContribution(bind, RouteContribution, AccountRoutes);
});

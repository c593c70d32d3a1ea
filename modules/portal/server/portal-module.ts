import { ContainerModule } from 'inversify';
import { UserMenuContribution } from '@platform/web';
import { AccountMenu } from './contributions/account-menu';
import { bindContribution } from '@platform/core';
import { RouteContribution } from '@platform/http';
import { AccountRoutes } from './routes/account-routes';
import { AccountDetails } from './services/account-details';

export const portalModule = new ContainerModule(({ bind }) => {
  bind(AccountDetails).toSelf();
  bindContribution(bind, RouteContribution, AccountRoutes);
  bindContribution(bind, UserMenuContribution, AccountMenu);
});

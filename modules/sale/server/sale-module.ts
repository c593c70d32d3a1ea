import { ContainerModule } from 'inversify';
import { bindContribution, bindContributionProvider } from '@platform/core';
import { RouteContribution } from '@platform/http';
import { ModelContribution } from '@platform/orm';
import { BackofficeMenuContribution } from '@platform/web';
import { SaleBackofficeMenu } from './contributions/backoffice-menu';
import { SaleModels } from './sale-models';
import { ShopRoutes } from './routes/shop-routes';
import { CartService } from './services/cart-service';
import { CatalogService } from './services/catalog-service';
import { OrderStateHook } from './services/order-state-hook';

export const saleModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, SaleModels);
  bindContributionProvider(bind, OrderStateHook);
  bind(CatalogService).toSelf().inSingletonScope();
  bind(CartService).toSelf().inSingletonScope();
  bindContribution(bind, RouteContribution, ShopRoutes);
  bindContribution(bind, BackofficeMenuContribution, SaleBackofficeMenu);
});

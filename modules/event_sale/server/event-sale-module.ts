import { ContainerModule } from 'inversify';
import { bindContribution } from '@platform/core';
import { JobContribution } from '@platform/jobs';
import { ModelContribution } from '@platform/orm';
import { TicketSaleContribution } from '@modules/event';
import { OrderStateHook } from '@modules/sale';
import { AbandonedCartJobs } from './contributions/abandoned-cart-jobs';
import { OrderTickets } from './contributions/order-tickets';
import { ShopTicketSale } from './contributions/shop-ticket-sale';
import { EventSaleModels } from './event-sale-models';
import { AbandonedCarts } from './services/abandoned-carts';
import { TicketProducts } from './services/ticket-products';

export const eventSaleModule = new ContainerModule(({ bind }) => {
  bindContribution(bind, ModelContribution, EventSaleModels);
  bind(TicketProducts).toSelf().inSingletonScope();
  bindContribution(bind, TicketSaleContribution, ShopTicketSale);
  bindContribution(bind, OrderStateHook, OrderTickets);
  bind(AbandonedCarts).toSelf().inSingletonScope();
  bindContribution(bind, JobContribution, AbandonedCartJobs);
});

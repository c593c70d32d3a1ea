import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { RegistrationOrder } from './models/registration-order';
import { TicketProduct } from './models/ticket-product';

@injectable()
export class EventSaleModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [TicketProduct, RegistrationOrder];
  }
}

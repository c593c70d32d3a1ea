import { injectable } from 'inversify';
import type { ModelContribution, ModelDefinition } from '@platform/orm';
import { PaymentAcquirer } from './models/payment-acquirer';
import { PaymentToken } from './models/payment-token';
import { PaymentTransaction } from './models/payment-transaction';
import { ResCurrency } from './models/res-currency';

@injectable()
export class PaymentModels implements ModelContribution {
  models(): ModelDefinition[] {
    return [ResCurrency, PaymentAcquirer, PaymentToken, PaymentTransaction];
  }
}

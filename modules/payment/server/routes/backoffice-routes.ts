import { inject, injectable } from 'inversify';
import { number, object, string } from 'yup';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { PaymentTransactions } from '../services/payment-transactions';

/** The back office's payment actions (payment managers, administrators): confirm a pending wire transfer, capture or void an authorized payment. */
@injectable()
export class PaymentBackofficeRoutes implements RouteContribution {
  constructor(@inject(PaymentTransactions) private readonly transactions: PaymentTransactions) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/payment/backoffice/confirm_transfer', type: 'json', auth: 'user', groups: ['payment.group_payment_manager', 'base.group_system'], refusal: 'Only payment managers confirm transfers.',
        params: object({ tx_id: number().required().integer().min(1).max(2 ** 31 - 1) }),
        handler: async (req) => {
          const tx = await this.transactions.confirmTransfer(req.env, req.params.tx_id);
          return { state: tx.state };
        },
      }),
      route({
        path: '/payment/backoffice/settle', type: 'json', auth: 'user', groups: ['payment.group_payment_manager', 'base.group_system'], refusal: 'Only payment managers capture or void payments.',
        params: object({ tx_id: number().required().integer().min(1).max(2 ** 31 - 1), action: string().required().oneOf(['capture', 'void']) }),
        handler: async (req) => {
          const tx = await this.transactions.settle(req.env, req.params.tx_id, req.params.action as 'capture' | 'void');
          return { state: tx.state };
        },
      }),
    ];
  }
}

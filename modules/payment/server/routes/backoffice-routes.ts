import { inject, injectable } from 'inversify';
import { number, object } from 'yup';
import { route, type RouteContribution, type RouteDefinition } from '@platform/http';
import { PaymentTransactions } from '../services/payment-transactions';

/** The back office's payment action: confirm a pending wire transfer (payment managers, administrators). */
@injectable()
export class PaymentBackofficeRoutes implements RouteContribution {
  constructor(@inject(PaymentTransactions) private readonly transactions: PaymentTransactions) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/payment/backoffice/confirm_transfer', type: 'json', auth: 'user',
        params: object({ tx_id: number().required().integer().min(1).max(2 ** 31 - 1) }),
        handler: async (req) => {
          const tx = await this.transactions.confirmTransfer(req.env, req.params.tx_id);
          return { state: tx.state };
        },
      }),
    ];
  }
}

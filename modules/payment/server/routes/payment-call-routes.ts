import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { route, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import {
  GET_STATUS_URL, TOKEN_PAY_URL, TRANSACTION_URL, getStatusSchema, processSchema, processUrl, tokenPaySchema, transactionSchema,
  type PayReply, type PaymentStatus,
} from '../../common/pay-schema';
import { PaymentCheckout, type PayResult } from '../services/payment-checkout';
import { PaymentLinks } from '../services/payment-links';
import { PaymentTransactions } from '../services/payment-transactions';
import { PAY_LIMIT, STATUS_LIMIT, TOKEN_LIMIT, payerOf } from './payer';

/**
 * The JSON calls of the pay page: `/website_payment/transaction` (a draft transaction for a signed
 * link: acquirer_id, amount, reference, currency_id, access_token), `/payment/<provider>/process` (the
 * provider's data for it), `/website_payment/token` (pay it with a saved card), both answering
 * `{success, url, error}`; `/website_payment/get_status` (`{recall, message}`). A transaction is named
 * by its id and the signed token its creator got, so nobody else can pay or follow it.
 */
@injectable()
export class PaymentCallRoutes implements RouteContribution {
  constructor(
    @inject(PaymentCheckout) private readonly checkout: PaymentCheckout,
    @inject(PaymentLinks) private readonly links: PaymentLinks,
    @inject(PaymentTransactions) private readonly transactions: PaymentTransactions,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: TRANSACTION_URL, type: 'json', auth: 'public', params: transactionSchema, rateLimit: PAY_LIMIT,
        handler: async (req) => {
          const { acquirer_id: acquirerId, ...link } = req.params;
          const { tx } = await this.checkout.start(payerOf(req), link, acquirerId);
          return { tx_id: tx.id, tx_token: await this.links.txToken(tx.id), reference: tx.reference, state: tx.state };
        },
      }),
      route({
        path: processUrl(':provider'), type: 'json', auth: 'public', params: processSchema, rateLimit: PAY_LIMIT,
        handler: async (req): Promise<PayReply> => {
          await this.checkTx(req, req.params.tx_id, req.params.tx_token, req.pathParams.provider);
          const { tx_id: txId, tx_token: _token, ...data } = req.params;
          try {
            return await this.reply(await this.checkout.pay(payerOf(req), txId, data));
          } catch (err) {
            if (err instanceof UserError) return { success: false, error: err.message };
            throw err;
          }
        },
      }),
      route({
        path: TOKEN_PAY_URL, type: 'json', auth: 'user', params: tokenPaySchema, rateLimit: TOKEN_LIMIT,
        handler: async (req): Promise<PayReply> => {
          await this.checkTx(req, req.params.tx_id, req.params.tx_token);
          try {
            return await this.reply(await this.checkout.payWithToken(payerOf(req), req.params.tx_id, req.params.token_id));
          } catch (err) {
            if (err instanceof UserError) return { success: false, error: err.message };
            throw err;
          }
        },
      }),
      route({
        path: GET_STATUS_URL, type: 'json', auth: 'public', params: getStatusSchema, rateLimit: STATUS_LIMIT,
        handler: async (req): Promise<PaymentStatus> => {
          await this.checkTx(req, req.params.tx_id, req.params.tx_token);
          return this.transactions.status(req.env, req.params.tx_id);
        },
      }),
    ];
  }

  private async checkTx(_req: RequestContext, txId: number, token: string, provider?: string): Promise<void> {
    if (!(await this.links.verifyTx(txId, token))) throw new UserError('Unknown transaction.');
    if (provider && (await this.transactions.info(_req.env, txId)).provider !== provider) throw new UserError('This transaction belongs to another provider.');
  }

  private async reply(result: PayResult): Promise<PayReply> {
    if (result.fieldErrors) return { success: false, error: 'Check the fields marked in red.', fields: result.fieldErrors };
    if (result.error) return { success: false, error: result.error };
    return { success: true, url: result.redirectUrl ?? await this.links.statusUrl(result.tx.id) };
  }
}

import { inject, injectable } from 'inversify';
import { PAY_URL, STATUS_URL } from '../../common/pay-schema';
import { PaymentSignatures } from './payment-signatures';
import { roundAmount } from './record-values';

/**
 * Signed links: a payment link fixes the reference, the amount (at the currency's decimals) and the
 * currency, so the browser can show them but not change them; a status link lets whoever started a
 * transaction follow it, nobody else.
 */
@injectable()
export class PaymentLinks {
  constructor(@inject(PaymentSignatures) private readonly signatures: PaymentSignatures) {}

  linkToken(reference: string, amount: number, currencyId: number, decimals = 2): Promise<string> {
    return this.signatures.sign('pay', reference.trim(), roundAmount(amount, decimals).toFixed(decimals), currencyId);
  }

  /** True when the link's token signs exactly this reference, amount and currency. */
  verifyLink(reference: string, amount: number, currencyId: number, decimals: number, token: unknown): Promise<boolean> {
    return this.signatures.verify(token, 'pay', reference.trim(), roundAmount(amount, decimals).toFixed(decimals), currencyId);
  }

  /** `/website_payment/pay?reference=...&amount=...&currency_id=...&access_token=...` */
  async payUrl(reference: string, amount: number, currencyId: number, decimals = 2): Promise<string> {
    const q = new URLSearchParams({
      reference: reference.trim(), amount: roundAmount(amount, decimals).toFixed(decimals), currency_id: String(currencyId),
      access_token: await this.linkToken(reference, amount, currencyId, decimals),
    });
    return `${PAY_URL}?${q.toString()}`;
  }

  txToken(txId: number): Promise<string> {
    return this.signatures.sign('tx', txId);
  }

  verifyTx(txId: number, token: unknown): Promise<boolean> {
    return this.signatures.verify(token, 'tx', txId);
  }

  async statusUrl(txId: number): Promise<string> {
    return `${STATUS_URL}/${txId}?token=${encodeURIComponent(await this.txToken(txId))}`;
  }
}

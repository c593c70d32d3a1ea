import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { PRODUCT_MODEL, TEMPLATE_MODEL } from '../index';

export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', pending: '4000 0000 0000 0077', error: '4000 0000 0000 0119' };

/** The single variant of a demo product. */
export async function variantOf(tk: TestKernel, template: string): Promise<number> {
  const [tmpl] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', template]]);
  const [id] = await tk.sudo().model(PRODUCT_MODEL).search([['product_tmpl_id', '=', tmpl]], { limit: 1 });
  return id;
}

export async function countryId(tk: TestKernel, code: string): Promise<number> {
  const [id] = await tk.sudo().model('res.country').search([['code', '=', code]]);
  return id;
}

export async function stateId(tk: TestKernel, country: string, code: string): Promise<number> {
  const [id] = await tk.sudo().model('res.country.state').search([['country_id', '=', await countryId(tk, country)], ['code', '=', code]]);
  return id;
}

export async function acquirerId(tk: TestKernel, provider: 'test' | 'transfer'): Promise<number> {
  const [id] = await tk.sudo().model('payment.acquirer').search([['provider', '=', provider]]);
  return id;
}

/** A French address (no state asked, a zip asked). */
export async function frenchAddress(tk: TestKernel, name = 'Jeanne Martin'): Promise<Record<string, string>> {
  return { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone: '+33 1 23 45 67 89', street: '1 rue de Rivoli', city: 'Paris', zip: '75001', country_id: String(await countryId(tk, 'FR')), state_id: '' };
}

export class Buyer {
  readonly client: RpcClient;
  constructor(readonly tk: TestKernel, client?: RpcClient) {
    this.client = client ?? new RpcClient(tk.url);
  }

  async add(productId: number, qty = 1): Promise<void> {
    const r = await this.client.rpc('/shop/cart/update_json', { product_id: productId, add_qty: qty });
    expect(r.error, JSON.stringify(r.error)).to.equal(undefined);
  }

  async address(values: Record<string, string>): Promise<Response> {
    const csrf = await this.client.csrfFrom('/shop/address');
    return this.client.postForm('/shop/address', { csrf_token: csrf, ...values });
  }

  /** The payment page's form post (no JavaScript): the acquirer, the terms, the card. */
  async payForm(fields: Record<string, string>): Promise<Response> {
    const csrf = await this.client.csrfFrom('/shop/payment');
    return this.client.postForm('/shop/payment/pay', { csrf_token: csrf, ...fields });
  }

  async payCard(acquirer: number, number: string, extra: Record<string, string> = {}): Promise<Response> {
    return this.payForm({ acquirer_id: String(acquirer), accept_terms: 'on', cc_number: number, cc_holder_name: 'Jeanne Martin', cc_expiry: '12 / 34', cc_cvc: '123', ...extra });
  }

  async cartOrderId(): Promise<number> {
    const html = await (await this.client.get('/shop/payment')).text();
    const m = /S(\d{5})/.exec(html);
    if (!m) throw new Error('no order on the payment page');
    return Number(m[1]);
  }
}

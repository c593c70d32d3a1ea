import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { CURRENCY_MODEL, PaymentLinks, TRANSACTION_MODEL } from '../index';
import { probeSignature } from './fixtures/payment_redirect_probe/manifest';

describe('payment: a provider module with a hosted payment page (redirect) and signed notifications', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let eur: number;
  let probe: number;
  before(async () => {
    tk = await bootTestKernel({ modules: ['payment_redirect_probe'], roots: [path.join(__dirname, 'fixtures')], http: true });
    [eur] = await tk.sudo().model(CURRENCY_MODEL).search([['name', '=', 'EUR']]);
    [probe] = await tk.sudo().model('payment.acquirer').search([['provider', '=', 'redirect_probe']]);
  });
  after(async () => tk?.stop());

  const link = async (reference: string, amount: number) => Object.fromEntries(new URL(await tk.get(PaymentLinks).payUrl(reference, amount, eur), tk.url).searchParams);
  const notify = (fields: Record<string, string>, signature: string) => fetch(`${tk.url}/payment/redirect_probe/notify`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Probe-Signature': signature }, body: new URLSearchParams(fields).toString(),
  });

  it('offers its button, sends the payer to the processor\'s page, and settles on its signed notification once', async () => {
    const params = await link('HOSTED-1', 75);
    const visitor = new RpcClient(tk.url);
    const page = await (await visitor.get(`/website_payment/pay?${new URLSearchParams(params).toString()}`)).text();
    expect(page).to.contain('data-provider="redirect_probe"').and.contain('Pay at the processor');
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(page)![1];
    const posted = await visitor.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, acquirer_id: String(probe) });
    expect(posted.status).to.equal(303);
    expect(posted.headers.get('location')).to.equal('https://processor.example/pay?ref=HOSTED-1');
    const [txId] = await tk.sudo().model(TRANSACTION_MODEL).search([['reference', '=', 'HOSTED-1']]);
    expect((await tk.sudo().model(TRANSACTION_MODEL).read([txId], ['state']))[0].state).to.equal('pending');

    const fields = { reference: 'HOSTED-1', state: 'done', amount: '75.00', currency: 'EUR' };
    expect((await notify(fields, 'forged')).status).to.equal(400);
    const first = await notify(fields, probeSignature('HOSTED-1|done|75.00|EUR'));
    expect(await first.text()).to.equal('applied');
    const second = await notify(fields, probeSignature('HOSTED-1|done|75.00|EUR'));
    expect(await second.text()).to.equal('unchanged');
    expect((await tk.sudo().model(TRANSACTION_MODEL).read([txId], ['state']))[0].state).to.equal('done');
  });

  it('the JSON calls answer the processor\'s page as the url to go to', async () => {
    const params = await link('HOSTED-2', 12);
    const visitor = new RpcClient(tk.url);
    const tx = await visitor.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...params, amount: 12, currency_id: eur, acquirer_id: probe });
    expect(await visitor.call('/payment/redirect_probe/process', { tx_id: tx.tx_id, tx_token: tx.tx_token }))
      .to.deep.equal({ success: true, url: 'https://processor.example/pay?ref=HOSTED-2' });
    // Its transaction is not the test processor's.
    expect((await visitor.rpc('/payment/test/process', { tx_id: tx.tx_id, tx_token: tx.tx_token })).error?.data.message).to.contain('another provider');
  });
});

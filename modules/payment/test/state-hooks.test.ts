import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { CURRENCY_MODEL, PaymentCheckout, PaymentTransactions, TRANSACTION_MODEL } from '../index';
import { TestPaymentProvider } from '../server/providers/test-provider';
import { HookLog } from './fixtures/payment_hook_probe/manifest';

describe('payment: state hooks (how an order reacts to its payment)', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let eur: number;
  let acquirer: number;
  before(async () => {
    tk = await bootTestKernel({ modules: ['payment_hook_probe'], roots: [path.join(__dirname, 'fixtures')], http: true });
    [eur] = await tk.sudo().model(CURRENCY_MODEL).search([['name', '=', 'EUR']]);
    [acquirer] = await tk.sudo().model('payment.acquirer').search([['provider', '=', 'test']]);
    await tk.sudo().model('payment.acquirer').write([acquirer], { website_published: true });
  });
  after(async () => tk?.stop());

  const create = (reference: string) => tk.get(PaymentTransactions).create(tk.sudo(), { reference, amount: 20, currencyId: eur, acquirerId: acquirer, partnerId: null, siteId: null });

  it('calls each hook once per change, not for a repeated change or a repeated notification', async () => {
    const tx = await create('SO7');
    const checkout = tk.get(PaymentCheckout);
    await checkout.pay({ env: tk.sudo(), siteId: null, partnerId: null }, tx.id, { cc_number: '4242424242424242', cc_holder_name: 'A', cc_expiry: '12/40', cc_cvc: '123' });
    const txs = tk.get(PaymentTransactions);
    await txs.setState(tk.sudo(), tx.id, 'done');
    await txs.setState(tk.sudo(), tx.id, 'cancel');
    const tx2 = await create('SO8');
    await txs.setState(tk.sudo(), tx2.id, 'pending');
    const note = await tk.get(TestPaymentProvider).signNotification({ reference: 'SO8', state: 'done', amount: 20, currency: 'EUR' });
    expect(await checkout.notify(tk.sudo(), 'test', note, () => '')).to.equal('applied');
    expect(await checkout.notify(tk.sudo(), 'test', note, () => '')).to.equal('unchanged');
    expect(tk.get(HookLog).seen).to.deep.equal(['SO7:draft->done', 'SO8:draft->pending', 'SO8:pending->done']);
  });

  it('a hook that refuses undoes the change', async () => {
    const tx = await create('REFUSE1');
    await tk.get(PaymentTransactions).setState(tk.sudo(), tx.id, 'done').then(() => expect.fail('accepted'), (err: Error) => expect(err.message).to.contain('cannot take'));
    expect((await tk.sudo().model(TRANSACTION_MODEL).read([tx.id], ['state']))[0].state).to.equal('draft');
  });
});

import { expect } from 'chai';
import { SiteAdmin } from '@platform/base';
import { PaymentCheckout, PaymentTransactions, TRANSACTION_MODEL } from '../index';
import { TestPaymentProvider } from '../server/providers/test-provider';
import { bootPayment, type PaymentFixture } from './payment-fixture';

describe('payment: transactions, references and provider notifications', function () {
  this.timeout(60_000);
  let f: PaymentFixture;
  before(async () => { f = await bootPayment(); });
  after(async () => f?.tk.stop());

  const create = (reference: string, amount = 10) => f.tk.get(PaymentTransactions).create(f.tk.sudo(), {
    reference, amount, currencyId: f.currencies.EUR, acquirerId: f.acquirers.test, partnerId: null, siteId: null,
  });

  it('makes references unique: REF, then REFx1, REFx2; a duplicate written directly is refused', async () => {
    expect((await create('SO042')).reference).to.equal('SO042');
    expect((await create('SO042')).reference).to.equal('SO042x1');
    expect((await create('SO042')).reference).to.equal('SO042x2');
    expect((await create('SO0421')).reference).to.equal('SO0421');
    let refused: Error | undefined;
    await f.tk.sudo().model(TRANSACTION_MODEL).create({ reference: 'SO042', acquirer_id: f.acquirers.test, provider: 'test', amount: 1, currency_id: f.currencies.EUR })
      .catch((err: Error) => { refused = err; });
    expect(refused?.message).to.contain('already used');
  });

  it('rounds the amount to the currency and refuses zero, negative amounts and unknown currencies', async () => {
    expect((await create('ROUND', 10.005)).amount).to.equal(10.01);
    for (const amount of [0, -5]) await create('BAD', amount).then(() => expect.fail('accepted'), (err: Error) => expect(err.message).to.contain('positive'));
    await f.tk.get(PaymentTransactions).create(f.tk.sudo(), { reference: 'X', amount: 1, currencyId: 9999, acquirerId: f.acquirers.test, partnerId: null, siteId: null })
      .then(() => expect.fail('accepted'), (err: Error) => expect(err.message).to.contain('currency'));
  });

  it('moves states only forward and once: a final state stays, the same state again changes nothing', async () => {
    const txs = f.tk.get(PaymentTransactions);
    const tx = await create('STATES');
    expect(await txs.setState(f.tk.sudo(), tx.id, 'pending')).to.equal(true);
    expect(await txs.setState(f.tk.sudo(), tx.id, 'pending')).to.equal(false);
    expect(await txs.setState(f.tk.sudo(), tx.id, 'authorized')).to.equal(true);
    expect(await txs.setState(f.tk.sudo(), tx.id, 'done')).to.equal(true);
    const done = await txs.info(f.tk.sudo(), tx.id);
    expect(done.state).to.equal('done');
    expect(await txs.setState(f.tk.sudo(), tx.id, 'cancel')).to.equal(false);
    expect(await txs.setState(f.tk.sudo(), tx.id, 'pending')).to.equal(false);
    const [row] = await f.tk.sudo().model(TRANSACTION_MODEL).read([tx.id], ['state', 'date_validate']);
    expect(row.state).to.equal('done');
    expect(row.date_validate).to.be.a('string');
  });

  it('refuses writes of state, amount or reference through the ORM, payment managers included', async () => {
    const tx = await create('GUARD');
    const manager = await f.client('manager');
    for (const vals of [{ state: 'done' }, { amount: 1 }, { reference: 'OTHER' }]) {
      const answer = await manager.rpc('/web/dataset/call_kw', { model: TRANSACTION_MODEL, method: 'write', args: [[tx.id], vals], kwargs: {} });
      expect(answer.error?.data.message, JSON.stringify(vals)).to.match(/only through its provider|read-only/);
    }
    expect((await f.tk.get(PaymentTransactions).info(f.tk.sudo(), tx.id)).state).to.equal('draft');
  });

  it('applies a signed notification once: the same one again changes nothing; bad signatures, amounts and currencies are refused', async () => {
    const tx = await create('NOTIFY', 42.5);
    await f.tk.get(PaymentTransactions).setState(f.tk.sudo(), tx.id, 'pending');
    const provider = f.tk.get(TestPaymentProvider);
    const body = await provider.signNotification({ reference: 'NOTIFY', state: 'done', acquirerReference: 'BANK-1', amount: 42.5, currency: 'EUR' });
    const post = (fields: Record<string, unknown>) => fetch(`${f.tk.url}/payment/test/notify`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields as Record<string, string>).toString(),
    });
    const first = await post(body);
    expect(first.status).to.equal(200);
    expect(await first.text()).to.equal('applied');
    const [afterFirst] = await f.tk.sudo().model(TRANSACTION_MODEL).read([tx.id], ['state', 'acquirer_reference', 'write_date', 'date_validate']);
    const second = await post(body);
    expect(await second.text()).to.equal('unchanged');
    const [afterSecond] = await f.tk.sudo().model(TRANSACTION_MODEL).read([tx.id], ['state', 'acquirer_reference', 'write_date', 'date_validate']);
    expect(afterSecond).to.deep.equal(afterFirst);
    expect(afterFirst.state).to.equal('done');
    expect(afterFirst.acquirer_reference).to.equal('BANK-1');

    const other = await create('NOTIFY2', 10);
    const forged = { ...(await provider.signNotification({ reference: 'NOTIFY2', state: 'done', amount: 10, currency: 'EUR' })), state: 'cancel' };
    expect((await post(forged)).status).to.equal(400);
    const cheaper = await provider.signNotification({ reference: 'NOTIFY2', state: 'done', amount: 1, currency: 'EUR' });
    const cheaperAnswer = await post(cheaper);
    expect(cheaperAnswer.status).to.equal(400);
    expect(await cheaperAnswer.text()).to.contain('amount or currency');
    const dollars = await provider.signNotification({ reference: 'NOTIFY2', state: 'done', amount: 10, currency: 'USD' });
    expect((await post(dollars)).status).to.equal(400);
    expect((await f.tk.get(PaymentTransactions).info(f.tk.sudo(), other.id)).state).to.equal('draft');
  });

  it('a pending test card completes on the status poll once its delay passed', async () => {
    const checkout = f.tk.get(PaymentCheckout);
    const payer = { env: f.tk.sudo(), siteId: null, partnerId: null };
    const tx = await create('PENDING');
    const paid = await checkout.pay(payer, tx.id, { cc_number: '4000 0000 0000 0077', cc_holder_name: 'P', cc_expiry: '12 / 40', cc_cvc: '123' });
    expect(paid.tx.state).to.equal('pending');
    const txs = f.tk.get(PaymentTransactions);
    let status = await txs.status(f.tk.sudo(), tx.id);
    expect(status.recall).to.equal(true);
    const started = Date.now();
    while (status.recall && Date.now() - started < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      status = await txs.status(f.tk.sudo(), tx.id);
    }
    expect(status.state).to.equal('done');
    expect(status.tone).to.equal('success');
  });

  it('capture manually: the card is only authorized; a payment manager captures or voids it, nobody else', async () => {
    const sudo = f.tk.sudo();
    await sudo.model('payment.acquirer').write([f.acquirers.test], { capture_manually: true });
    try {
      const checkout = f.tk.get(PaymentCheckout);
      const payer = { env: sudo, siteId: null, partnerId: null };
      const card = { cc_number: '4242424242424242', cc_holder_name: 'A', cc_expiry: '12/40', cc_cvc: '123' };
      const one = await create('AUTH1');
      const two = await create('AUTH2');
      expect((await checkout.pay(payer, one.id, card)).tx.state).to.equal('authorized');
      expect((await checkout.pay(payer, two.id, card)).tx.state).to.equal('authorized');
      const portal = await f.client('payer');
      expect((await portal.rpc('/payment/backoffice/settle', { tx_id: one.id, action: 'capture' })).error?.data.message).to.contain('Only payment managers');
      const manager = await f.client('manager');
      expect(await manager.call('/payment/backoffice/settle', { tx_id: one.id, action: 'capture' })).to.deep.equal({ state: 'done' });
      expect(await manager.call('/payment/backoffice/settle', { tx_id: two.id, action: 'void' })).to.deep.equal({ state: 'cancel' });
      expect((await manager.rpc('/payment/backoffice/settle', { tx_id: one.id, action: 'void' })).error?.data.message).to.contain('Only an authorized payment');
    } finally {
      await sudo.model('payment.acquirer').write([f.acquirers.test], { capture_manually: false });
    }
  });

  it('offers an acquirer on its own site only (every site when it names none)', async () => {
    const sudo = f.tk.sudo();
    const { id: other } = await f.tk.get(SiteAdmin).create({ name: 'Other shop', domain: 'other.example.com', lang: 'en_US' }, new Set(['base', 'website', 'payment']));
    await sudo.model('payment.acquirer').write([f.acquirers.transfer], { website_id: other });
    try {
      const { url } = await f.link('SITE-1', 3);
      const html = await (await (await f.client()).get(url)).text();
      expect(html).to.contain('data-provider="test"').and.not.contain('data-provider="transfer"');
      const { params } = await f.link('SITE-2', 3);
      const refused = await (await f.client()).rpc('/website_payment/transaction', { ...params, amount: 3, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.transfer });
      expect(refused.error?.data.message).to.equal('This payment method is not available.');
    } finally {
      await sudo.model('payment.acquirer').write([f.acquirers.transfer], { website_id: false });
    }
  });
});

import { expect } from 'chai';
import { TOKEN_MODEL, TRANSACTION_MODEL } from '../index';
import { bootPayment, type PaymentFixture } from './payment-fixture';

const CARD = { cc_number: '4242 4242 4242 4242', cc_holder_name: 'Paula Payer', cc_expiry: '12 / 40', cc_cvc: '123' };

describe('payment: pay page, calls and saved cards over HTTP', function () {
  this.timeout(90_000);
  let f: PaymentFixture;
  before(async () => { f = await bootPayment(); });
  after(async () => f?.tk.stop());
  // Every test starts with the payment budgets of 127.0.0.1 untouched (the last one spends them).
  beforeEach(async () => { await f.tk.sudo().db('rate_limit').delete(); });

  const txCount = () => f.tk.sudo().model(TRANSACTION_MODEL).search_count([]);

  it('shows a signed link\'s amount and refuses a changed amount, currency or reference, writing nothing', async () => {
    const { url, params } = await f.link('INV-1', 25);
    const visitor = await f.client();
    const ok = await visitor.get(url);
    expect(ok.status).to.equal(200);
    const html = await ok.text();
    expect(html).to.contain('25.00 EUR').and.contain('INV-1').and.contain('data-island="payment.card_form"').and.contain('Pay Now');
    const before = await txCount();
    const changes: Record<string, string>[] = [{ amount: '1.00' }, { amount: '25.01' }, { currency_id: String(f.currencies.USD) }, { reference: 'INV-2' }, { access_token: 'x' }];
    for (const changed of changes) {
      const q = new URLSearchParams({ ...params, ...changed });
      const page = await visitor.get(`/website_payment/pay?${q.toString()}`);
      expect(page.status, JSON.stringify(changed)).to.equal(400);
      expect(await page.text()).to.contain('This payment link is not valid');
      const rpc = await visitor.rpc('/website_payment/transaction', { ...params, ...changed, amount: Number(changed.amount ?? params.amount), currency_id: Number(changed.currency_id ?? params.currency_id), acquirer_id: f.acquirers.test });
      expect(rpc.error?.data.message, JSON.stringify(changed)).to.contain('This payment link is not valid');
      const csrf = await visitor.csrfFrom(url);
      const posted = await visitor.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, ...changed, acquirer_id: String(f.acquirers.test), ...CARD });
      expect(posted.status, JSON.stringify(changed)).to.equal(400);
    }
    expect(await txCount()).to.equal(before);
  });

  it('without JavaScript: a wrong card field is named and nothing is written; an approved card goes to the status page', async () => {
    const { url, params } = await f.link('INV-NOJS', 40);
    const visitor = await f.client();
    const csrf = await visitor.csrfFrom(url);
    const before = await txCount();
    const bad = await visitor.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, acquirer_id: String(f.acquirers.test), ...CARD, cc_number: '4242 4242 4242 4241', cc_expiry: '13 / 40' });
    expect(bad.status).to.equal(400);
    const page = await bad.text();
    expect(page).to.match(/invalid-feedback[^>]*>Enter a valid card number\./).and.match(/invalid-feedback[^>]*>Enter a valid expiry date/);
    expect(page).not.to.contain('4242 4242 4242 4241');
    expect(await txCount()).to.equal(before);

    const good = await visitor.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, acquirer_id: String(f.acquirers.test), ...CARD });
    expect(good.status).to.equal(303);
    const status = await visitor.get(good.headers.get('location')!);
    expect(status.status).to.equal(200);
    const statusHtml = await status.text();
    expect(statusHtml).to.contain('Your online payment has been successfully processed').and.contain('Visa •••• 4242');
    // Paid: the link now says so, and a second payment is refused.
    expect(await (await visitor.get(url)).text()).to.contain('This reference has already been paid.');
    const again = await visitor.rpc('/website_payment/transaction', { ...params, amount: 40, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test });
    expect(again.error?.data.message).to.equal('This reference has already been paid.');
  });

  it('a declined card answers its reason followed by \'Retry ? \', as JSON and as a page', async () => {
    const { url, params } = await f.link('INV-DECLINE', 12);
    const visitor = await f.client();
    const link = { ...params, amount: 12, currency_id: f.currencies.EUR };
    const tx = await visitor.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...link, acquirer_id: f.acquirers.test });
    const reply = await visitor.call<{ success: boolean; error: string }>('/payment/test/process', { tx_id: tx.tx_id, tx_token: tx.tx_token, ...CARD, cc_number: '4000 0000 0000 0002' });
    expect(reply).to.deep.equal({ success: false, error: 'Your card was declined.' });
    // A processed transaction is not paid twice: a retry starts a new one (as the card form does).
    const again = await visitor.call<{ success: boolean; error: string }>('/payment/test/process', { tx_id: tx.tx_id, tx_token: tx.tx_token, ...CARD });
    expect(again).to.deep.equal({ success: false, error: 'This transaction was already processed.' });
    const csrf = await visitor.csrfFrom(url);
    const page = await visitor.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, acquirer_id: String(f.acquirers.test), ...CARD, cc_number: '4000 0000 0000 0002' });
    expect(page.status).to.equal(400);
    const declinedHtml = await page.text();
    expect(declinedHtml).to.match(/alert alert-danger payment-error[^>]*>Your card was declined\.(<!-- -->| )*Retry \? </);
    // The retry with a good card pays the same reference under a new transaction reference.
    const retry = await visitor.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, acquirer_id: String(f.acquirers.test), ...CARD });
    expect(retry.status).to.equal(303);
    const refs = (await f.tk.sudo().model(TRANSACTION_MODEL).search_read([['reference', '=like', 'INV-DECLINE%']], ['reference', 'state'], { order: 'id' })).map((r) => `${String(r.reference)}:${String(r.state)}`);
    expect(refs).to.deep.equal(['INV-DECLINE:error', 'INV-DECLINEx1:error', 'INV-DECLINEx2:done']);
  });

  it('follows a transaction only with its signed token', async () => {
    const { params } = await f.link('INV-STATUS', 5);
    const visitor = await f.client();
    const tx = await visitor.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...params, amount: 5, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.transfer });
    expect((await visitor.rpc('/website_payment/get_status', { tx_id: tx.tx_id, tx_token: 'forged' })).error?.data.message).to.equal('Unknown transaction.');
    expect((await visitor.get(`/website_payment/status/${tx.tx_id}?token=forged`)).status).to.equal(404);
    expect((await visitor.rpc('/payment/transfer/process', { tx_id: tx.tx_id + 1000, tx_token: tx.tx_token })).error?.data.message).to.equal('Unknown transaction.');
    const status = await visitor.call<{ state: string; recall: boolean }>('/website_payment/get_status', { tx_id: tx.tx_id, tx_token: tx.tx_token });
    expect(status).to.include({ state: 'draft', recall: false });
  });

  it('wire transfer: pending with the bank details until a payment manager confirms it; others may not', async () => {
    const { url, params } = await f.link('INV-WIRE', 980);
    const visitor = await f.client();
    const csrf = await visitor.csrfFrom(url);
    const posted = await visitor.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, acquirer_id: String(f.acquirers.transfer) });
    expect(posted.status).to.equal(303);
    const html = await (await visitor.get(posted.headers.get('location')!)).text();
    expect(html).to.contain('Your transaction is waiting a manual confirmation.').and.contain('IBAN');
    const [txId] = await f.tk.sudo().model(TRANSACTION_MODEL).search([['reference', '=', 'INV-WIRE']]);
    const payer = await f.client('payer');
    expect((await payer.rpc('/payment/backoffice/confirm_transfer', { tx_id: txId })).error?.data.message).to.contain('Only payment managers');
    const manager = await f.client('manager');
    expect(await manager.call('/payment/backoffice/confirm_transfer', { tx_id: txId })).to.deep.equal({ state: 'done' });
    expect(await manager.call('/payment/backoffice/confirm_transfer', { tx_id: txId })).to.deep.equal({ state: 'done' });
    expect(await (await visitor.get(posted.headers.get('location')!)).text()).to.contain('Thank you for your order');
  });

  it('saves a card for a signed-in payer (brand and last 4 only), pays with it, and refuses it to anybody else', async () => {
    const payer = await f.client('payer');
    const other = await f.client('other');
    const { params } = await f.link('INV-SAVE', 30);
    const link = { ...params, amount: 30, currency_id: f.currencies.EUR };
    const tx = await payer.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...link, acquirer_id: f.acquirers.test });
    expect(await payer.call('/payment/test/process', { tx_id: tx.tx_id, tx_token: tx.tx_token, ...CARD, save_card: true })).to.include({ success: true });
    const mine = await payer.callKw<Array<Record<string, unknown>>>(TOKEN_MODEL, 'search_read', [[]], { fields: ['name', 'brand', 'last4'] });
    expect(mine).to.have.length(1);
    expect(mine[0]).to.include({ brand: 'visa', last4: '4242', name: 'XXXXXXXXXXXX4242 - Paula Payer' });
    const tokenId = Number(mine[0].id);
    expect(await other.callKw(TOKEN_MODEL, 'search_read', [[]], { fields: ['name'] })).to.deep.equal([]);
    // Transactions too: each user reads their own; the provider reference of a card is for managers.
    expect(await payer.callKw(TRANSACTION_MODEL, 'search_count', [[['reference', '=', 'INV-SAVE']]])).to.equal(1);
    expect(await other.callKw(TRANSACTION_MODEL, 'search_count', [[['reference', '=', 'INV-SAVE']]])).to.equal(0);
    expect((await payer.rpc('/web/dataset/call_kw', { model: TOKEN_MODEL, method: 'read', args: [[Number(mine[0].id)], ['acquirer_ref']], kwargs: {} })).error?.data.name).to.equal('AccessError');

    // Another user's transaction with the payer's token: refused, nothing processed.
    const { params: p2 } = await f.link('INV-STEAL', 99);
    const otherTx = await other.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...p2, amount: 99, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test });
    const stolen = await other.call<{ success: boolean; error: string }>('/website_payment/token', { tx_id: otherTx.tx_id, tx_token: otherTx.tx_token, token_id: tokenId });
    expect(stolen).to.deep.equal({ success: false, error: 'This saved card does not exist.' });
    expect((await f.tk.sudo().model(TRANSACTION_MODEL).read([otherTx.tx_id], ['state', 'payment_token_id']))[0]).to.include({ state: 'draft', payment_token_id: false });
    const csrf = await other.csrfFrom('/my/payment_method');
    const page = await other.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...p2, acquirer_id: String(f.acquirers.test), token_id: String(tokenId) });
    expect(page.status).to.equal(400);
    expect(await page.text()).to.contain('This saved card does not exist.');
    const deleted = await other.postForm('/my/payment_method/delete', { csrf_token: csrf, token_id: String(tokenId) });
    expect(deleted.status).to.equal(404);
    expect((await f.tk.sudo().model(TOKEN_MODEL).read([tokenId], ['active']))[0].active).to.equal(true);

    // The owner pays with it, lists it on /my/payment_method, and deletes it.
    const { params: p3 } = await f.link('INV-TOKEN', 7);
    const tx3 = await payer.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...p3, amount: 7, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test });
    const paid = await payer.call<{ success: boolean; url: string }>('/website_payment/token', { tx_id: tx3.tx_id, tx_token: tx3.tx_token, token_id: tokenId });
    expect(paid.success).to.equal(true);
    expect(paid.url).to.match(/^\/website_payment\/status\/\d+\?token=/);
    const list = await (await payer.get('/my/payment_method')).text();
    expect(list).to.contain('•••• 4242').and.contain('Paula Payer');
    const payerCsrf = await payer.csrfFrom('/my/payment_method');
    const removed = await payer.postForm('/my/payment_method/delete', { csrf_token: payerCsrf, token_id: String(tokenId) });
    expect(removed.status).to.equal(303);
    expect(await (await payer.get('/my/payment_method')).text()).to.contain('You have no saved card.');
  });

  it('adds a card from /my/payment_method by a plain post, naming a wrong field; visitors are sent to sign in', async () => {
    const payer = await f.client('payer');
    const csrf = await payer.csrfFrom('/my/payment_method');
    const bad = await payer.postForm('/payment/test/s2s/create', { csrf_token: csrf, acquirer_id: String(f.acquirers.test), ...CARD, cc_cvc: '12', return_url: '/my/payment_method' });
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.match(/invalid-feedback[^>]*>Enter the security code printed on the card\./);
    const amex = await payer.postForm('/payment/test/s2s/create', { csrf_token: csrf, acquirer_id: String(f.acquirers.test), ...CARD, cc_number: '3782 822463 10005', cc_cvc: '1234', return_url: '/my/payment_method' });
    expect(amex.status).to.equal(303);
    expect(await (await payer.get('/my/payment_method')).text()).to.match(/American Express<\/strong>(<!-- -->)? •••• (<!-- -->)?0005/);
    expect((await (await f.client()).get('/my/payment_method')).status).to.equal(302);
  });

  it('payment managers make signed links on /website_payment/link; others may not', async () => {
    const manager = await f.client('manager');
    const csrf = await manager.csrfFrom('/website_payment/link');
    const bad = await manager.postForm('/website_payment/link', { csrf_token: csrf, reference: 'LINK-1', amount: '-3', currency_id: String(f.currencies.EUR) });
    expect(bad.status).to.equal(400);
    expect(await bad.text()).to.contain('The amount to pay must be positive.');
    const made = await manager.postForm('/website_payment/link', { csrf_token: csrf, reference: 'LINK-1', amount: '19.999', currency_id: String(f.currencies.GBP) });
    expect(made.status).to.equal(200);
    const href = /class="text-break">([^<]+)</.exec(await made.text())![1].replace(/&amp;/g, '&');
    expect(href).to.contain('amount=20.00');
    const page = await (await f.client()).get(href.replace(f.tk.url, ''));
    expect(page.status).to.equal(200);
    expect(await page.text()).to.contain('20.00 GBP');
    expect((await (await f.client('payer')).get('/website_payment/link')).status).to.equal(403);
  });

  it('the test processor checks the card again on the server and names each wrong field; the transaction can still be paid', async () => {
    const { params } = await f.link('INV-FIELDS', 6);
    const visitor = await f.client();
    const tx = await visitor.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...params, amount: 6, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test });
    const refused = await visitor.call<{ success: boolean; fields: Record<string, string> }>('/payment/test/process', {
      tx_id: tx.tx_id, tx_token: tx.tx_token, cc_number: '6011 1111 1111 1118', cc_holder_name: '', cc_expiry: '00 / 30', cc_cvc: '1234',
    });
    expect(refused.success).to.equal(false);
    expect(refused.fields).to.deep.equal({
      cc_number: 'Enter a valid card number.', cc_holder_name: 'Enter the name on the card.',
      cc_expiry: 'Enter a valid expiry date (MM / YY), in the future.', cc_cvc: 'Enter the security code printed on the card.',
    });
    const [row] = await f.tk.sudo().model(TRANSACTION_MODEL).read([tx.tx_id], ['state', 'acquirer_reference']);
    expect(row).to.include({ state: 'draft', acquirer_reference: false });
    const paid = await visitor.call<{ success: boolean }>('/payment/test/process', { tx_id: tx.tx_id, tx_token: tx.tx_token, ...CARD, cc_number: '6011 1111 1111 1117' });
    expect(paid.success).to.equal(true);
  });

  it('processes a transaction once when it is posted twice at the same time', async () => {
    const { params } = await f.link('INV-TWICE', 9);
    const visitor = await f.client();
    const tx = await visitor.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...params, amount: 9, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test });
    const post = () => visitor.call<{ success: boolean; error?: string }>('/payment/test/process', { tx_id: tx.tx_id, tx_token: tx.tx_token, ...CARD });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.filter((a) => a.success)).to.have.length(1);
    expect(answers.filter((a) => !a.success).map((a) => a.error)).to.deep.equal(['This transaction was already processed.', 'This transaction was already processed.']);
    const [row] = await f.tk.sudo().model(TRANSACTION_MODEL).read([tx.tx_id], ['state', 'acquirer_reference']);
    expect(row.state).to.equal('done');
    expect(String(row.acquirer_reference)).to.match(/^TEST-/);
  });

  it('counts payment attempts per address: past the limit, 429 and nothing written', async () => {
    const { params } = await f.link('INV-LIMIT', 1);
    const client = await f.client();
    const link = { ...params, amount: 1, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test };
    const before = await txCount();
    let written = 0;
    let refusedAt = -1;
    for (let i = 0; i < 32 && refusedAt < 0; i += 1) {
      const answer = await client.rpc('/website_payment/transaction', link);
      if (answer.result) written += 1;
      else if (answer.error?.code === 429) refusedAt = i;
      else expect.fail(answer.error?.data.message);
    }
    expect(refusedAt).to.be.at.least(0);
    expect((await client.rpc('/website_payment/transaction', link)).error?.code).to.equal(429);
    expect(await txCount()).to.equal(before + written);
  });
});

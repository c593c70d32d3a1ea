import path from 'node:path';
import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { PaymentTransactions, TRANSACTION_MODEL } from '@modules/payment';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { ORDER_MODEL, PRODUCT_MODEL, TEMPLATE_MODEL, productUrl } from '../index';
import { EcomStats } from '../server/services/ecom-stats';
import { OrderLifecycle } from '../server/services/order-lifecycle';
import { OrderMails } from '../server/services/order-mails';
import { Buyer, CARDS, acquirerId, countryId, frenchAddress, stateId, variantOf } from './checkout-fixture';
import { OrderHookLog } from './fixtures/sale_order_probe/manifest';

describe('sale: checkout, payment and confirmation', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  const ids: Record<string, number> = {};

  before(async () => {
    tk = await bootTestKernel({ modules: ['sale_order_probe'], roots: [path.join(__dirname, 'fixtures')], http: true, demo: true });
    ids.mug = await variantOf(tk, 'Coffee mug');
    ids.desk = await variantOf(tk, 'Standing desk');
    ids.notebook = await variantOf(tk, 'Notebook');
    ids.card = await acquirerId(tk, 'test');
    ids.transfer = await acquirerId(tk, 'transfer');
  });
  beforeEach(async () => { await tk.sudo().db('rate_limit').delete(); });
  after(async () => tk?.stop());

  const order = async (id: number) => (await tk.sudo().model(ORDER_MODEL).read([id], ['state', 'amount_total', 'amount_delivery', 'partner_id', 'payment_tx_id', 'carrier_id']))[0];
  const txCount = () => tk.sudo().model(TRANSACTION_MODEL).search_count([]);

  async function readyBuyer(lines: Array<[number, number]> = [[ids.mug, 2]]): Promise<{ buyer: Buyer; orderId: number }> {
    const buyer = new Buyer(tk);
    for (const [product, qty] of lines) await buyer.add(product, qty);
    const res = await buyer.address(await frenchAddress(tk));
    expect(res.status).to.equal(303);
    expect(res.headers.get('location')).to.match(/\/shop\/checkout$/);
    return { buyer, orderId: await buyer.cartOrderId() };
  }

  it('sends a visitor to the address form, checks it per field and per country, writes nothing on error', async () => {
    const buyer = new Buyer(tk);
    expect((await buyer.client.get('/shop/checkout')).headers.get('location')).to.match(/\/shop\/cart$/);
    await buyer.add(ids.mug, 1);
    expect((await buyer.client.get('/shop/checkout')).headers.get('location')).to.match(/\/shop\/address$/);
    const partners = () => tk.sudo().model('res.partner').search_count([]);
    const before = await partners();

    const empty = await buyer.address({ name: '', email: 'nope', country_id: '' });
    expect(empty.status).to.equal(400);
    const html = await empty.text();
    expect(html).to.contain('Invalid Email! Please enter a valid email address.');
    expect(html).to.contain('id="shop-street-error"');
    expect(html).to.contain('id="shop-country_id-error"');

    const us = String(await countryId(tk, 'US'));
    const noState = await (await buyer.address({ ...(await frenchAddress(tk)), country_id: us, zip: '10001' })).text();
    expect(noState).to.contain('Choose a state: addresses in this country name one.');
    const foreignState = await (await buyer.address({ ...(await frenchAddress(tk)), country_id: us, zip: '10001', state_id: String(await stateId(tk, 'CA', 'QC')) })).text();
    expect(foreignState).to.contain('The chosen state does not belong to the chosen country.');
    const noZip = await (await buyer.address({ ...(await frenchAddress(tk)), country_id: us, zip: '', state_id: String(await stateId(tk, 'US', 'NY')) })).text();
    expect(noZip).to.contain('A postal code is required for this country.');
    const unknown = await (await buyer.address({ ...(await frenchAddress(tk)), country_id: '999999' })).text();
    expect(unknown).to.contain('Please choose a country from the list.');
    expect(await partners()).to.equal(before);

    // Hong Kong has no postal codes; France asks for no state.
    const hk = await buyer.address({ ...(await frenchAddress(tk)), zip: '', country_id: String(await countryId(tk, 'HK')) });
    expect(hk.status).to.equal(303);
    const ny = await buyer.address({ ...(await frenchAddress(tk)), country_id: us, zip: '10001', state_id: String(await stateId(tk, 'US', 'NY')) });
    expect(ny.status).to.equal(303);
    // One new contact for the visitor's order, edited the second time.
    expect(await partners()).to.equal(before + 1);
    const page = await (await buyer.client.get('/shop/checkout')).text();
    expect(page).to.contain('New York');
    expect(page).to.contain('Standard delivery');
  });

  it('answers country infos: states follow the country, with its rules', async () => {
    const c = new RpcClient(tk.url);
    const us = await c.call<{ states: Array<[number, string, string]>; state_required: boolean; zip_required: boolean; fields: string[] }>(`/shop/country_infos/${await countryId(tk, 'US')}`, { mode: 'billing' });
    expect(us.state_required).to.equal(true);
    expect(us.zip_required).to.equal(true);
    expect(us.states.map((s) => s[2])).to.include('NY');
    const fr = await c.call<{ state_required: boolean; zip_required: boolean }>(`/shop/country_infos/${await countryId(tk, 'FR')}`, {});
    expect(fr).to.include({ state_required: false, zip_required: true });
    const hk = await c.call<{ zip_required: boolean; fields: string[] }>(`/shop/country_infos/${await countryId(tk, 'HK')}`, {});
    expect(hk.zip_required).to.equal(false);
    expect(hk.fields).to.not.include('zip');
    expect((await c.rpc('/shop/country_infos/999999', {})).error?.data.message).to.equal('Please choose a country from the list.');
  });

  it('shows a change of the countries or of the contact on the next page: the form\'s options in order, the address and its check', async () => {
    const { buyer, orderId } = await readyBuyer();
    const fr = await countryId(tk, 'FR');
    const zw = await countryId(tk, 'ZW');
    // (The contact's country is the selected one.)
    const option = (id: number, name: string) => new RegExp(`<option value="${id}"(?: selected="")?>${name}</option>`);
    const at = (html: string, id: number, name: string) => html.search(option(id, name));
    const form = async () => (await buyer.client.get('/shop/address')).text();
    const checkout = async () => (await buyer.client.get('/shop/checkout')).text();
    expect(await form()).to.match(option(fr, 'France'));
    expect(await checkout()).to.contain('France');
    await tk.sudo().model('res.country').write([fr], { name: 'Zzz France' });
    try {
      const renamed = await form();
      expect(renamed).to.match(option(fr, 'Zzz France')).and.not.match(option(fr, 'France'));
      expect(at(renamed, zw, 'Zimbabwe')).to.be.greaterThan(0);
      expect(at(renamed, fr, 'Zzz France'), 'sorted again by its new name').to.be.greaterThan(at(renamed, zw, 'Zimbabwe'));
      expect(await checkout()).to.contain('Zzz France');
    } finally {
      await tk.sudo().model('res.country').write([fr], { name: 'France' });
    }
    expect(await form()).to.match(option(fr, 'France'));
    // The contact loses its city: the checkout sends to the form again (the address is checked again).
    const partner = (await order(orderId)).partner_id as [number, string];
    expect((await buyer.client.get('/shop/confirm_order')).headers.get('location')).to.match(/\/shop\/payment$/);
    await tk.sudo().model('res.partner').write([partner[0]], { city: '' });
    expect((await buyer.client.get('/shop/confirm_order')).headers.get('location')).to.match(/\/shop\/address$/);
    await tk.sudo().model('res.partner').write([partner[0]], { city: 'Paris' });
    expect((await buyer.client.get('/shop/confirm_order')).headers.get('location')).to.match(/\/shop\/payment$/);
  });

  it('prices shipping as data: a flat rate, free over an amount, posted with the xhr flag', async () => {
    const { buyer, orderId } = await readyBuyer([[ids.mug, 2]]);
    expect(Number((await order(orderId)).amount_total)).to.equal(17 + 5);
    const [express] = await tk.sudo().model('delivery.carrier').search([['name', '=', 'Express delivery']]);
    const csrf = await buyer.client.csrfFrom('/shop/checkout');
    const xhr = await buyer.client.postForm('/shop/checkout', { csrf_token: csrf, carrier_id: String(express), xhr: '1' });
    expect(xhr.status).to.equal(200);
    expect(await xhr.text()).to.equal('ok');
    expect(Number((await order(orderId)).amount_total)).to.equal(17 + 15);
    const bad = await buyer.client.postForm('/shop/checkout', { csrf_token: csrf, carrier_id: '999999', xhr: '1' });
    expect(bad.status).to.equal(400);
    expect(Number((await order(orderId)).amount_total)).to.equal(17 + 15);
    const [standard] = await tk.sudo().model('delivery.carrier').search([['name', '=', 'Standard delivery']]);
    await buyer.client.postForm('/shop/checkout', { csrf_token: csrf, carrier_id: String(standard) });
    // Over 100.00 of products the standard rate is free; the total follows every cart change.
    await buyer.add(ids.desk, 1);
    expect(Number((await order(orderId)).amount_delivery)).to.equal(0);
    expect(Number((await order(orderId)).amount_total)).to.equal(17 + 450);
  });

  it('checks the terms on the server and ignores or refuses a posted amount, currency or price', async () => {
    const { buyer, orderId } = await readyBuyer([[ids.mug, 1]]);
    const before = await txCount();
    const noTerms = await buyer.payForm({ acquirer_id: String(ids.card), cc_number: CARDS.ok, cc_holder_name: 'J', cc_expiry: '12 / 34', cc_cvc: '123' });
    expect(noTerms.status).to.equal(400);
    expect(await noTerms.text()).to.contain('Please accept the terms and conditions to pay.');
    const json = await buyer.client.rpc(`/shop/payment/transaction/${ids.card}`, { tx_type: 'form', accept_terms: false });
    expect(json.error?.data.message).to.contain('Please accept the terms and conditions to pay.');
    const tamperedJson = await buyer.client.rpc(`/shop/payment/transaction/${ids.card}`, { accept_terms: true, amount: 0.01, currency_id: 1 });
    expect(tamperedJson.error?.data.name).to.equal('ValidationError');
    const tamperedForm = await buyer.payCard(ids.card, CARDS.ok, { amount: '0.01' });
    expect(tamperedForm.status).to.equal(400);
    expect(await txCount()).to.equal(before);
    expect((await order(orderId)).state).to.equal('draft');

    // The transaction the JSON call makes carries the order's own total and currency.
    const started = await buyer.client.call<{ tx_id: number; form: string }>(`/shop/payment/transaction/${ids.card}`, { tx_type: 'form', accept_terms: true });
    const tx = await tk.get(PaymentTransactions).info(tk.sudo(), started.tx_id);
    expect(tx.amount).to.equal(8.5 + 5);
    expect(tx.reference).to.match(/^S\d{5}/);
    expect(started.form).to.contain('action="/shop/payment/pay"');
    // Another visitor cannot pay it (not their session's transaction).
    const other = await readyBuyer([[ids.mug, 1]]);
    const token = /name="tx_token" value="([^"]+)"/.exec(started.form)![1];
    const stolen = await other.buyer.payForm({ tx_id: String(started.tx_id), tx_token: token, accept_terms: 'on', cc_number: CARDS.ok, cc_holder_name: 'J', cc_expiry: '12 / 34', cc_cvc: '123' });
    expect(stolen.status).to.equal(400);
    expect(await stolen.text()).to.contain('This payment does not belong to your order.');
    expect(tx.state).to.equal('draft');
  });

  it('pays by card through the JSON call\'s form: the order is confirmed, the hooks see its lines, the mail is queued', async () => {
    const log = tk.get(OrderHookLog);
    const { buyer, orderId } = await readyBuyer([[ids.mug, 2], [ids.notebook, 3]]);
    const started = await buyer.client.call<{ tx_id: number; form: string }>(`/shop/payment/transaction/${ids.card}`, { tx_type: 'form', accept_terms: true });
    const fields = Object.fromEntries([...started.form.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));
    const paid = await buyer.client.postForm('/shop/payment/pay', { ...fields, cc_number: CARDS.ok, cc_holder_name: 'Jeanne', cc_expiry: '12 / 34', cc_cvc: '123' });
    expect(paid.status).to.equal(303);
    expect(paid.headers.get('location')).to.match(/\/shop\/confirmation$/);
    const o = await order(orderId);
    expect(o.state).to.equal('sale');
    expect(log.seen.find((s) => s.startsWith(`S${String(orderId).padStart(5, '0')}:`))).to.equal(`S${String(orderId).padStart(5, '0')}:draft->sale:sale:${ids.mug}x2,${ids.notebook}x3`);

    const confirmation = await (await buyer.client.get('/shop/confirmation')).text();
    expect(confirmation).to.contain('Thank you for your order.');
    expect(confirmation).to.contain('Your online payment has been successfully processed.');
    const status = await buyer.client.call<{ recall: boolean; order_state: string }>(`/shop/payment/get_status/${orderId}`, {});
    expect(status).to.include({ recall: false, order_state: 'sale' });
    // Another browser follows nothing.
    expect(await new RpcClient(tk.url).call(`/shop/payment/get_status/${orderId}`, {})).to.deep.equal({});
    const tracking = await buyer.client.call<{ transaction: { id: number; revenue: number; currency: string }; lines: Array<{ quantity: number }> }>('/shop/tracking_last_order/', {});
    expect(tracking.transaction).to.include({ id: orderId, revenue: 17 + 12.75 + 5, currency: 'EUR' });
    expect(tracking.lines.map((l) => l.quantity)).to.deep.equal([2, 3]);
    // The cart is empty again.
    expect((await buyer.client.get('/shop/checkout')).headers.get('location')).to.match(/\/shop\/cart$/);

    const queued = await tk.sudo().db('sale_order_mail').where({ order_id: orderId }).select('*');
    expect(queued).to.have.length(1);
    await tk.get(OrderMails).drain();
    const mail = await tk.sudo().db('mail_outbox').where('subject', 'like', `%S${String(orderId).padStart(5, '0')}%`).first();
    expect(mail.email_to).to.contain('jeanne.martin@example.com');
    expect(mail.body_html).to.contain('Notebook');
    expect(mail.body_html).to.contain('€ 34.75');
    await tk.get(EcomStats).flush(); // events are written in batches after the response
    const events = await tk.sudo().db('sale_ecom_event').where({ event: 'order_confirmed', res_id: orderId }).count({ n: '*' }).first();
    expect(Number(events?.n)).to.equal(1);
  });

  it('keeps a declined order payable: the retry with a good card confirms it', async () => {
    const { buyer, orderId } = await readyBuyer([[ids.desk, 1]]);
    const declined = await buyer.payCard(ids.card, CARDS.declined);
    expect(declined.status).to.equal(400);
    const html = await declined.text();
    expect(html).to.contain('Your card was declined.');
    expect(html).to.contain('Retry ? ');
    expect((await order(orderId)).state).to.equal('draft');
    const error = await buyer.payCard(ids.card, CARDS.error);
    expect(error.status).to.equal(400);
    expect((await order(orderId)).state).to.equal('draft');
    const retry = await buyer.payCard(ids.card, CARDS.ok);
    expect(retry.status).to.equal(303);
    expect((await order(orderId)).state).to.equal('sale');
    const txs = await tk.sudo().model(TRANSACTION_MODEL).search_read([['reference', '=like', `S${String(orderId).padStart(5, '0')}%`]], ['state'], { order: 'id' });
    expect(txs.map((t) => t.state)).to.deep.equal(['error', 'error', 'done']);
  });

  it('confirms an order only when the payment\'s amount and currency equal the order\'s', async () => {
    const { buyer, orderId } = await readyBuyer([[ids.mug, 1]]);
    const started = await buyer.client.call<{ tx_id: number; form: string }>(`/shop/payment/transaction/${ids.card}`, { tx_type: 'form', accept_terms: true });
    // The cart changes after the payment started: the transaction's amount is the old total.
    await buyer.add(ids.mug, 1);
    const fields = Object.fromEntries([...started.form.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const paid = await buyer.client.postForm('/shop/payment/pay', { ...fields, cc_number: CARDS.ok, cc_holder_name: 'J', cc_expiry: '12 / 34', cc_cvc: '123' });
    expect(paid.status).to.equal(303);
    expect((await tk.get(PaymentTransactions).info(tk.sudo(), started.tx_id)).state).to.equal('done');
    expect((await order(orderId)).state).to.equal('draft');
    const status = await buyer.client.call<{ message: string; order_state: string }>(`/shop/payment/get_status/${orderId}`, {});
    expect(status.order_state).to.equal('draft');
    expect(status.message).to.contain('waiting confirmation');

    // A transaction in another currency for the right amount confirms nothing either.
    const { orderId: second } = await readyBuyer([[ids.mug, 1]]);
    const o = await order(second);
    const [usd] = await tk.sudo().model('res.currency').search([['name', '=', 'USD']]);
    const txs = tk.get(PaymentTransactions);
    const tx = await txs.create(tk.sudo(), { reference: `S${String(second).padStart(5, '0')}`, amount: Number(o.amount_total), currencyId: usd, acquirerId: ids.card, partnerId: null, siteId: null });
    await txs.setState(tk.sudo(), tx.id, 'done');
    expect((await order(second)).state).to.equal('draft');
  });

  it('pays by wire transfer: pending and sent, get_status asks again, confirmed when a manager confirms the transfer', async () => {
    const { buyer, orderId } = await readyBuyer([[ids.notebook, 2]]);
    const res = await buyer.payForm({ acquirer_id: String(ids.transfer), accept_terms: 'on' });
    expect(res.status).to.equal(303);
    expect((await order(orderId)).state).to.equal('sent');
    const status = await buyer.client.call<{ recall: boolean; message: string }>(`/shop/payment/get_status/${orderId}`, {});
    expect(status.recall).to.equal(true);
    expect(status.message).to.contain('Your transaction is waiting a manual confirmation.');
    const txId = Number(((await order(orderId)).payment_tx_id as [number, string])[0]);
    await tk.get(PaymentTransactions).confirmTransfer(tk.sudo(), txId);
    expect((await order(orderId)).state).to.equal('sale');
    expect((await buyer.client.call<{ recall: boolean }>(`/shop/payment/get_status/${orderId}`, {})).recall).to.equal(false);
  });

  it('runs the order hooks in the changing transaction: a hook that refuses undoes the confirmation', async () => {
    const log = tk.get(OrderHookLog);
    const { buyer, orderId } = await readyBuyer([[ids.mug, 1]]);
    log.refuse.add(orderId);
    const res = await buyer.payCard(ids.card, CARDS.ok);
    expect(res.status).to.equal(400);
    expect((await order(orderId)).state).to.equal('draft');
    expect(await tk.sudo().db('sale_order_mail').where({ order_id: orderId }).count({ n: '*' }).first().then((r) => Number(r?.n))).to.equal(0);
    log.refuse.delete(orderId);
    await buyer.payCard(ids.card, CARDS.ok);
    expect((await order(orderId)).state).to.equal('sale');
    await tk.get(OrderLifecycle).cancel(tk.sudo(), orderId);
    const name = `S${String(orderId).padStart(5, '0')}`;
    expect(log.seen.filter((s) => s.startsWith(`${name}:`))).to.deep.equal([`${name}:draft->sale:sale:${ids.mug}x1`, `${name}:sale->cancel:cancel:${ids.mug}x1`]);
  });

  it('shows signed-in customers their own orders with state and payment at /my/orders', async () => {
    const accounts = tk.get(UserAccounts);
    await accounts.create({ name: 'Paula Portal', login: 'paula', email: 'paula@example.com', password: 'password-123', groups: ['base.group_portal'] });
    await accounts.create({ name: 'Olga Other', login: 'olga', email: 'olga@example.com', password: 'password-123', groups: ['base.group_portal'] });
    const paula = new RpcClient(tk.url);
    await paula.authenticate('paula', 'password-123');
    const buyer = new Buyer(tk, paula);
    await buyer.add(ids.mug, 1);
    // A signed-in customer's own contact is the order's: its address is filled in on the form.
    expect((await buyer.address({ ...(await frenchAddress(tk, 'Paula Portal')), email: 'paula@example.com' })).status).to.equal(303);
    const orderId = await buyer.cartOrderId();
    expect((await buyer.payCard(ids.card, CARDS.ok)).status).to.equal(303);
    const list = await (await paula.get('/my/orders')).text();
    expect(list).to.contain(`S${String(orderId).padStart(5, '0')}`);
    expect(list).to.contain('Sales order');
    expect(list).to.contain('Paid (Card (test processor))');
    const one = await paula.get(`/my/orders/${orderId}`);
    expect(one.status).to.equal(200);
    expect(await one.text()).to.contain('1 rue de Rivoli');

    const olga = new RpcClient(tk.url);
    await olga.authenticate('olga', 'password-123');
    expect((await olga.get(`/my/orders/${orderId}`)).status).to.equal(404);
    expect(await (await olga.get('/my/orders')).text()).to.not.contain(`S${String(orderId).padStart(5, '0')}`);
    expect((await new RpcClient(tk.url).get('/my/orders')).headers.get('location')).to.match(/\/web\/login/);
  });

  it('stores the spec\'s /stats/ecom events on our server and reports them to sales managers only', async () => {
    const c = new RpcClient(tk.url);
    const count = async (event: string) => (await tk.get(EcomStats).flush(), Number((await tk.sudo().db('sale_ecom_event').where({ event }).count({ n: '*' }).first())?.n));
    const before = await count('customer_signin');
    expect((await c.rpc('/stats/ecom/customer_signin', {})).result).to.deep.equal({ ok: true });
    expect(await count('customer_signin')).to.equal(before + 1);
    // A product's view names the product (its template, as the page's URL does), which visitors must be able to see.
    const [variant] = await tk.sudo().model(PRODUCT_MODEL).read([ids.mug], ['product_tmpl_id']);
    const mug = (variant.product_tmpl_id as [number, string])[0];
    const [draft] = await tk.sudo().model(TEMPLATE_MODEL).search([['name', '=', 'Prototype gadget']]);
    const views = await count('product_view');
    expect((await c.rpc(`/stats/ecom/product_view/${mug}`, {})).result).to.deep.equal({ ok: true });
    expect((await c.rpc(`/stats/ecom/product_add_to_cart/${ids.mug}`, {})).result).to.deep.equal({ ok: true });
    expect((await c.rpc('/stats/ecom/order_payment/Wire%20Transfer', {})).result).to.deep.equal({ ok: true });
    for (const bad of [
      '/stats/ecom/nonsense', '/stats/ecom/product_view/abc', '/stats/ecom/product_view', '/stats/ecom/customer_signin/3',
      '/stats/ecom/product_view/999999', `/stats/ecom/product_view/${draft}`, '/stats/ecom/product_add_to_cart/999999',
    ]) {
      expect((await c.rpc(bad, {})).error?.data.name, bad).to.equal('UserError');
    }
    expect(await count('product_view'), 'only the published product\'s view counts').to.equal(views + 1);
    // The page itself records nothing (it is the same for all and cached): its browser sends the view.
    const page = await c.get(productUrl({ id: mug, name: 'Coffee mug' }));
    expect(page.status).to.equal(200);
    expect(await page.text()).to.contain(`data-island="sale.product_view" data-props="{&quot;productId&quot;:${mug}}"`);
    expect(await count('product_view')).to.equal(views + 1);
    const fresh = await fetch(`${tk.url}/stats/ecom/product_view/${mug}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: {}, id: 1 }),
    });
    expect(fresh.headers.get('set-cookie'), 'the view stores nothing about the visitor').to.equal(null);
    expect(await count('product_view')).to.equal(views + 2);

    const accounts = tk.get(UserAccounts);
    await accounts.create({ name: 'Sam Sales', login: 'sam', password: 'password-123', groups: ['sale.group_sale_manager'] });
    await accounts.create({ name: 'Ivan Internal', login: 'ivan', password: 'password-123', groups: ['base.group_user'] });
    const sam = new RpcClient(tk.url);
    await sam.authenticate('sam', 'password-123');
    const report = await sam.call<{ days: string[]; funnel: Array<{ event: string; count: number }> }>('/shop/stats/report', { days: 7 });
    expect(report.days).to.have.length(7);
    expect(report.funnel.find((f) => f.event === 'order_confirmed')!.count).to.be.at.least(4);
    const ivan = new RpcClient(tk.url);
    await ivan.authenticate('ivan', 'password-123');
    expect((await ivan.rpc('/shop/stats/report', {})).error?.data.message).to.equal('Only sales managers see the shop analytics.');
    expect((await new RpcClient(tk.url).rpc('/shop/stats/report', {})).error).to.not.equal(undefined);
  });

  it('writes the queued shop events on a clean stop: none acknowledged is lost', async () => {
    const stats = tk.get(EcomStats);
    await stats.flush();
    const count = async () => Number((await tk.sudo().db('sale_ecom_event').where({ event: 'customer_signup' }).count({ n: '*' }).first())?.n);
    const before = await count();
    stats.flushDelayMs = 3_600_000; // nothing is written by the timer: only the stop can write them
    try {
      const c = new RpcClient(tk.url);
      for (let i = 0; i < 3; i++) expect((await c.rpc('/stats/ecom/customer_signup', {})).result).to.deep.equal({ ok: true });
      expect(stats.pendingCount).to.equal(3);
      expect(await count()).to.equal(before);
      await stats.onStop();
      expect(stats.pendingCount).to.equal(0);
      expect(await count()).to.equal(before + 3);
    } finally {
      stats.flushDelayMs = 100;
      stats.onStart();
    }
  });

  it('writes a long queue of shop events whole (in slices the database accepts)', async () => {
    const stats = tk.get(EcomStats);
    await stats.flush();
    const count = async () => Number((await tk.sudo().db('sale_ecom_event').where({ event: 'customer_signin' }).count({ n: '*' }).first())?.n);
    const before = await count();
    for (let i = 0; i < 1234; i++) stats.recordFor(null, 'customer_signin');
    await stats.flush();
    await stats.flush(); // the one that was waiting behind a running write, if any
    expect(stats.pendingCount).to.equal(0);
    expect(await count()).to.equal(before + 1234);
  });
});

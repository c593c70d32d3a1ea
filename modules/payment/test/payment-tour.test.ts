import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { TRANSACTION_MODEL } from '../index';
import { bootPayment, type PaymentFixture } from './payment-fixture';

const SHOTS = process.env.PAYMENT_SHOTS;

describe('payment: tour in Chromium (pay a reference by card, declined and retried, pending, by wire transfer)', function () {
  this.timeout(180_000);
  let f: PaymentFixture;
  let browser: Browser;
  before(async () => {
    f = await bootPayment();
    browser = await launchBrowser();
    if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await f?.tk.stop();
  });

  async function contextFor(login?: string): Promise<BrowserContext> {
    const context = await browser.newContext();
    if (login) {
      const client = await f.client(login);
      await context.addCookies([{ name: 'session_id', value: client.cookie.replace('session_id=', ''), url: f.tk.url }]);
    }
    return context;
  }

  async function expectAccessible(page: Page, what: string) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${what} at ${width}px scrolls sideways`).to.be.at.most(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${what}-${width}.png`, fullPage: true });
      const violations = await checkAccessibility(page);
      expect(violations, `${what} at ${width}px:\n${describeViolations(violations)}`).to.deep.equal([]);
    }
  }

  const cardForm = (page: Page) => page.locator('[data-provider="test"] form.payment-card-form');

  it('a visitor pays by card: typing is held to the rules, fields are styled when left, approved', async () => {
    const page = await (await contextFor()).newPage();
    const errors = watchErrors(page);
    const { url } = await f.link('TOUR-CARD', 49.9);
    await page.goto(f.tk.url + url);
    await page.waitForSelector('[data-island="payment.card_form"][data-hydrated="true"]');
    await expectAccessible(page, 'pay-page');
    const form = cardForm(page);
    await form.getByLabel('Card number').pressSequentially('4242424242424242999');
    expect(await form.getByLabel('Card number').inputValue()).to.equal('4242 4242 4242 4242');
    await form.getByLabel('Expiry (MM / YY)').pressSequentially('124099');
    expect(await form.getByLabel('Expiry (MM / YY)').inputValue()).to.equal('12 / 4099');
    await form.getByLabel('Expiry (MM / YY)').fill('');
    await form.getByLabel('Expiry (MM / YY)').pressSequentially('1240');
    expect(await form.getByLabel('Expiry (MM / YY)').inputValue()).to.equal('12 / 40');
    await form.getByLabel('Security code').pressSequentially('12a345');
    expect(await form.getByLabel('Security code').inputValue()).to.equal('1234');
    await form.getByLabel('Name on the card').click();
    // Left with 4 digits for a Visa: the error style; 3 digits: the success style.
    await form.locator('input[name="cc_cvc"].is-invalid').waitFor();
    await form.getByLabel('Security code').fill('123');
    await form.getByLabel('Name on the card').fill('Vera Visitor');
    await form.getByLabel('Card number').click();
    await form.locator('input[name="cc_cvc"].is-valid').waitFor();
    await form.locator('input[name="cc_number"].is-valid').waitFor();
    expect(await form.locator('.payment-card-brand').textContent()).to.equal('Visa');
    await Promise.all([page.waitForURL(/\/website_payment\/status\/\d+/), form.getByRole('button', { name: 'Pay Now' }).click()]);
    await page.locator('.payment-status.alert-success').waitFor();
    expect(await page.locator('.payment-status').textContent()).to.contain('Your online payment has been successfully processed');
    await expectAccessible(page, 'status-done');
    expect(errors).to.deep.equal([]);
  });

  it('a declined card shows the reason and \'Retry ? \' in the danger style; the retry with another card pays', async () => {
    const page = await (await contextFor()).newPage();
    const errors = watchErrors(page);
    const { url } = await f.link('TOUR-DECLINE', 15);
    await page.goto(f.tk.url + url);
    await page.waitForSelector('[data-island="payment.card_form"][data-hydrated="true"]');
    const form = cardForm(page);
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Name on the card').fill('Dan Declined');
    await form.getByLabel('Expiry (MM / YY)').pressSequentially('1240');
    await form.getByLabel('Security code').fill('321');
    await form.getByRole('button', { name: 'Pay Now' }).click();
    const alert = form.locator('.payment-error.alert-danger');
    await alert.waitFor();
    expect(await alert.textContent()).to.equal('Your card was declined. Retry ? ');
    await expectAccessible(page, 'pay-declined');
    await form.getByLabel('Card number').fill('');
    await form.getByLabel('Card number').pressSequentially('5555555555554444');
    await Promise.all([page.waitForURL(/\/website_payment\/status\/\d+/), form.getByRole('button', { name: 'Pay Now' }).click()]);
    await page.locator('.payment-status.alert-success').waitFor();
    const states = (await f.tk.sudo().model(TRANSACTION_MODEL).search_read([['reference', '=like', 'TOUR-DECLINE%']], ['reference', 'state'], { order: 'id' }))
      .map((r) => `${String(r.reference)}:${String(r.state)}`);
    expect(states).to.deep.equal(['TOUR-DECLINE:error', 'TOUR-DECLINEx1:done']);
    expect(errors).to.deep.equal([]);
  });

  it('a pending card: the status page polls until the processor confirms', async () => {
    const page = await (await contextFor()).newPage();
    const { url } = await f.link('TOUR-PENDING', 8);
    await page.goto(f.tk.url + url);
    await page.waitForSelector('[data-island="payment.card_form"][data-hydrated="true"]');
    const form = cardForm(page);
    await form.getByLabel('Card number').fill('4000 0000 0000 0077');
    await form.getByLabel('Name on the card').fill('Pat Pending');
    await form.getByLabel('Expiry (MM / YY)').pressSequentially('1240');
    await form.getByLabel('Security code').fill('111');
    await Promise.all([page.waitForURL(/\/website_payment\/status\/\d+/), form.getByRole('button', { name: 'Pay Now' }).click()]);
    await page.locator('.payment-status[data-state="done"]').waitFor({ timeout: 15_000 });
    expect(Number(await page.locator('.payment-status').getAttribute('data-polls'))).to.be.at.least(1);
  });

  it('by wire transfer: pending with the bank details until a payment manager confirms it in the back office', async () => {
    const page = await (await contextFor('payer')).newPage();
    const errors = watchErrors(page);
    const { url } = await f.link('TOUR-WIRE', 980);
    await page.goto(f.tk.url + url);
    await Promise.all([page.waitForURL(/\/website_payment\/status\/\d+/), page.locator('[data-provider="transfer"]').getByRole('button', { name: 'Pay Now' }).click()]);
    await page.locator('.payment-status.alert-info').waitFor();
    expect(await page.locator('.payment-status').textContent()).to.contain('Your transaction is waiting a manual confirmation.').and.contain('IBAN');
    await expectAccessible(page, 'status-wire');
    const statusUrl = page.url();

    const [txId] = await f.tk.sudo().model(TRANSACTION_MODEL).search([['reference', '=', 'TOUR-WIRE']]);
    const office = await (await contextFor('manager')).newPage();
    const officeErrors = watchErrors(office);
    await office.goto(`${f.tk.url}/web#menu=payment.transfers&model=payment.transaction&view=form&id=${txId}`);
    await office.getByRole('button', { name: 'Confirm the transfer' }).click();
    await office.getByRole('button', { name: 'Confirm the transfer' }).waitFor({ state: 'detached' });
    expect((await f.tk.sudo().model(TRANSACTION_MODEL).read([txId], ['state']))[0].state).to.equal('done');

    await page.goto(statusUrl);
    await page.locator('.payment-status.alert-success').waitFor();
    expect(errors).to.deep.equal([]);
    expect(officeErrors).to.deep.equal([]);
  });

  it('without JavaScript: a refused field is shown under it, then the card is paid', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const { url } = await f.link('TOUR-NOJS', 21);
    await page.goto(f.tk.url + url);
    const form = cardForm(page);
    await form.getByLabel('Card number').fill('4242 4242 4242 4241');
    await form.getByLabel('Name on the card').fill('Nora Noscript');
    await form.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await form.getByLabel('Security code').fill('123');
    await form.getByRole('button', { name: 'Pay Now' }).click();
    await cardForm(page).locator('#acquirer_' + f.acquirers.test + '_cc_number_error').filter({ hasText: 'Enter a valid card number.' }).waitFor();
    expect(await cardForm(page).getByLabel('Name on the card').inputValue()).to.equal('Nora Noscript');
    await cardForm(page).getByLabel('Card number').fill('4242 4242 4242 4242');
    await cardForm(page).getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await cardForm(page).getByLabel('Security code').fill('123');
    await Promise.all([page.waitForURL(/\/website_payment\/status\/\d+/), cardForm(page).getByRole('button', { name: 'Pay Now' }).click()]);
    await page.locator('.payment-status.alert-success').waitFor();
    await context.close();
  });

  it('a saved card declined: its error followed by \'Retry ? \' in the danger style; another saved card pays', async () => {
    const payer = await f.client('payer');
    await payer.call('/payment/test/s2s/create_json', { acquirer_id: f.acquirers.test, cc_number: '4000 0000 0000 0002', cc_holder_name: 'Paula Payer', cc_expiry: '10 / 39', cc_cvc: '123' });
    await payer.call('/payment/test/s2s/create_json', { acquirer_id: f.acquirers.test, cc_number: '5105 1051 0510 5100', cc_holder_name: 'Paula Payer', cc_expiry: '10 / 39', cc_cvc: '123' });
    const page = await (await contextFor('payer')).newPage();
    const errors = watchErrors(page);
    const { url } = await f.link('TOUR-TOKEN', 64);
    await page.goto(f.tk.url + url);
    await page.waitForSelector('[data-island="payment.saved_card_pay"][data-hydrated="true"]');
    const saved = page.locator('form.payment-saved-cards');
    await saved.getByLabel(/Visa •••• 0002/).check();
    await saved.getByRole('button', { name: 'Pay with this card' }).click();
    const alert = saved.locator('.payment-error.alert-danger');
    await alert.waitFor();
    expect(await alert.textContent()).to.equal('Payment transaction failed (Your card was declined.) Retry ? ');
    await expectAccessible(page, 'pay-saved-card-declined');
    await saved.getByLabel(/Mastercard •••• 5100/).check();
    await Promise.all([page.waitForURL(/\/website_payment\/status\/\d+/), saved.getByRole('button', { name: 'Pay with this card' }).click()]);
    await page.locator('.payment-status.alert-success').waitFor();
    expect(errors).to.deep.equal([]);
  });

  it('status polling: ceil(n/3) s before the n-th poll, at most 20, then the waiting icon', async () => {
    const { params } = await f.link('TOUR-POLL', 3);
    const visitor = await f.client();
    const tx = await visitor.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...params, amount: 3, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.transfer });
    await visitor.call('/payment/transfer/process', { tx_id: tx.tx_id, tx_token: tx.tx_token });
    const context = await contextFor();
    const page = await context.newPage();
    const polls: number[] = [];
    // The page's clock stands still unless the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 5000));
    page.on('request', (r) => { if (r.url().endsWith('/website_payment/get_status')) polls.push(1); });
    await page.goto(`${f.tk.url}/website_payment/status/${tx.tx_id}?token=${encodeURIComponent(tx.tx_token)}`);
    await page.waitForSelector('[data-island="payment.status"][data-hydrated="true"]');
    const pollsDone = async (n: number) => page.locator(`.payment-status[data-polls="${n}"]`).waitFor();
    await page.clock.runFor(999);
    expect(polls.length).to.equal(0);
    await page.clock.runFor(1);
    await pollsDone(1);
    // Polls 2 and 3 after 1 s each, 4 after 2 s.
    await page.clock.runFor(1000);
    await pollsDone(2);
    await page.clock.runFor(1000);
    await pollsDone(3);
    await page.clock.runFor(1999);
    expect(await page.locator('.payment-status').getAttribute('data-polls')).to.equal('3');
    await page.clock.runFor(1);
    await pollsDone(4);
    expect(await page.locator('.payment-waiting').count()).to.equal(0);
    for (let n = 5; n <= 20; n += 1) {
      await page.clock.runFor(Math.ceil(n / 3) * 1000);
      await pollsDone(n);
    }
    const icon = page.locator('.payment-waiting');
    await icon.waitFor();
    expect(await icon.getAttribute('title')).to.equal('We are waiting the confirmation of the bank or payment provider');
    await page.clock.runFor(60_000);
    expect(polls.length).to.equal(20);
    await context.close();
  });

  it('/my/payment_method lists the saved cards, adds one with the card form and deletes one', async () => {
    const page = await (await contextFor('payer')).newPage();
    const errors = watchErrors(page);
    await page.goto(`${f.tk.url}/my/payment_method`);
    await page.waitForSelector('[data-island="payment.card_form"][data-hydrated="true"]');
    const form = page.locator('form.payment-card-form');
    await form.getByLabel('Card number').pressSequentially('378282246310005');
    expect(await form.getByLabel('Card number').inputValue()).to.equal('3782 822463 10005');
    await form.getByLabel('Name on the card').fill('Paula Payer');
    await form.getByLabel('Expiry (MM / YY)').pressSequentially('0931');
    await form.getByLabel('Security code').fill('1234');
    await Promise.all([page.waitForURL(/\/my\/payment_method$/), form.getByRole('button', { name: 'Save the card' }).click()]);
    await page.locator('.payment-saved-card').filter({ hasText: '0005' }).waitFor();
    await expectAccessible(page, 'payment-methods');
    await Promise.all([page.waitForURL(/\/my\/payment_method$/), page.getByRole('button', { name: /Delete American Express/ }).click()]);
    await page.locator('.payment-saved-card').filter({ hasText: '0005' }).waitFor({ state: 'detached' });
    expect(errors).to.deep.equal([]);
  });
});

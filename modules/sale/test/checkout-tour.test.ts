import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { checkAccessibility, describeViolations, launchBrowser, signIn, signInBackoffice, watchErrors } from '../../../test/support/browser';
import { RpcClient } from '../../../test/support/rpc-client';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { ORDER_MODEL } from '../index';
import { Buyer, CARDS, acquirerId, frenchAddress, variantOf } from './checkout-fixture';

/** Screenshots land here (SHOP_SCREENSHOTS, else the temporary folder) for a person to look at. */
const SHOTS = process.env.SHOP_SCREENSHOTS ?? path.join(os.tmpdir(), 'shop-screenshots');

/**
 * The reference's shop_buy_product tour, on one booted site and one browser: search, a product, the
 * cart (+ on the phone), the address, the shipping method, the payment with the terms, the
 * confirmation; by card at 375 px and by wire transfer at 1280 px, then a declined card and its retry.
 */
describe('sale: checkout in the browser', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['sale'], http: true, demo: true });
    browser = await launchBrowser();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function look(page: Page, name: string, width: number): Promise<void> {
    expect(describeViolations(await checkAccessibility(page)), `${name} at ${width}px`).to.equal('');
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }

  /** From the shop to the payment page: a mug found by search, two of them, a French address, the standard rate. */
  async function toPayment(page: Page, width: number, name: string): Promise<void> {
    await page.goto(`${tk.url}/shop`);
    await page.getByRole('searchbox').fill('mug');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Coffee mug' }).first().click();
    await Promise.all([page.waitForURL('**/shop/cart'), page.getByRole('button', { name: 'Add to cart' }).click()]);
    await page.waitForSelector('[data-island="sale.cart"][data-hydrated="true"]');
    await page.getByRole('button', { name: 'Add one Coffee mug' }).click();
    await page.locator('#order_total', { hasText: '€ 17.00' }).waitFor();
    await look(page, 'cart', width);
    await Promise.all([page.waitForURL('**/shop/address'), page.getByRole('link', { name: 'Process Checkout' }).click()]);
    await page.waitForSelector('[data-island="sale.address_form"][data-hydrated="true"]');
    // The form says what is missing before posting.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('#shop-name-error').waitFor();
    await look(page, 'address-errors', width);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill('buyer@example.com');
    await page.getByLabel('Phone').fill('+33 1 23 45 67 89');
    await page.getByLabel('Street').fill('1 rue de Rivoli');
    await page.getByLabel('City').fill('Paris');
    await page.getByLabel('Zip code').fill('75001');
    await page.getByLabel('Country').selectOption({ label: 'France' });
    // The states follow the country (France's regions: offered, not required).
    await page.getByLabel('State / Province').waitFor();
    await look(page, 'address', width);
    await Promise.all([page.waitForURL('**/shop/checkout'), page.getByRole('button', { name: 'Next' }).click()]);
    await page.getByText('Shipping (Standard delivery)').waitFor();
    expect(await page.locator('#order_total').textContent()).to.equal('€ 22.00');
    await look(page, 'checkout', width);
    await Promise.all([page.waitForURL('**/shop/payment'), page.getByRole('link', { name: 'Confirm' }).click()]);
    await page.waitForSelector('[data-island="sale.payment_form"][data-hydrated="true"]');
    // The pay button waits for the terms.
    expect(await page.locator('#o_payment_form_pay').isDisabled()).to.equal(true);
  }

  async function payByCard(page: Page, number: string): Promise<void> {
    await page.getByLabel('Card (test processor)').check();
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Name on the card').fill('Jeanne Martin');
    await page.getByLabel('Expiry (MM / YY)').fill('1234');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('I agree to the').check();
    expect(await page.locator('#o_payment_form_pay').isDisabled()).to.equal(false);
    await page.locator('#o_payment_form_pay').click();
  }

  it('buys with the test card on a phone (375 px): the order is confirmed and the page says so', async () => {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    const errors = watchErrors(page);
    await toPayment(page, 375, 'Card Buyer');
    await look(page, 'payment', 375);
    await payByCard(page, CARDS.ok);
    await page.waitForURL('**/shop/confirmation');
    await page.getByText('Thank you for your order.', { exact: true }).waitFor();
    await page.locator('.oe_website_sale_tx_status[data-order-state="sale"]').waitFor();
    await look(page, 'confirmation', 375);
    const orderId = Number(await page.locator('.oe_website_sale_tx_status').getAttribute('data-order-id'));
    expect((await tk.sudo().model(ORDER_MODEL).read([orderId], ['state', 'amount_total']))[0]).to.include({ state: 'sale' });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('buys by wire transfer at 1280 px: the order waits for the transfer, the page keeps asking', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = watchErrors(page);
    await toPayment(page, 1280, 'Transfer Buyer');
    await look(page, 'payment', 1280);
    await page.getByLabel('Wire Transfer').check();
    await page.getByLabel('I agree to the').check();
    await page.locator('#o_payment_form_pay').click();
    await page.waitForURL('**/shop/confirmation');
    await page.getByText('Thank you for your order.', { exact: true }).waitFor();
    await page.getByText('Please use the following transfer details').waitFor();
    const status = page.locator('.oe_website_sale_tx_status');
    await status.locator('xpath=self::*[@data-polls="1"]').waitFor();
    expect(await status.getAttribute('data-order-state')).to.equal('sent');
    await look(page, 'confirmation-transfer', 1280);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('shows a declined card with Retry, and the retry with a good card confirms the same order', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = watchErrors(page);
    await toPayment(page, 1280, 'Retry Buyer');
    await payByCard(page, CARDS.declined);
    await page.getByRole('alert').filter({ hasText: 'Your card was declined. Retry ? ' }).waitFor();
    await look(page, 'payment-declined', 1280);
    await page.waitForSelector('[data-island="sale.payment_form"][data-hydrated="true"]');
    await payByCard(page, CARDS.ok);
    await page.waitForURL('**/shop/confirmation');
    await page.locator('.oe_website_sale_tx_status[data-order-state="sale"]').waitFor();
    await look(page, 'confirmation', 1280);
    expect(errors.filter((e) => !e.includes('status of 400'))).to.deep.equal([]);
    await page.context().close();
  });

  it('shows a signed-in customer their orders at /my/orders (375 and 1280 px), and the shop analytics to a sales manager', async () => {
    await tk.get(UserAccounts).create({ name: 'Paula Portal', login: 'paula', email: 'paula@example.com', password: 'password-123', groups: ['base.group_portal'] });
    const client = new RpcClient(tk.url);
    await client.authenticate('paula', 'password-123');
    const buyer = new Buyer(tk, client);
    await buyer.add(await variantOf(tk, 'Notebook'), 3);
    await buyer.address({ ...(await frenchAddress(tk, 'Paula Portal')), email: 'paula@example.com' });
    const orderId = await buyer.cartOrderId();
    expect((await buyer.payCard(await acquirerId(tk, 'test'), CARDS.ok)).status).to.equal(303);
    for (const width of [375, 1280]) {
      const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
      const errors = watchErrors(page);
      // Signed in first, then the page: signIn's `then` takes `/my` for a language prefix.
      await signIn(page, tk.url, { login: 'paula', password: 'password-123' });
      await page.goto(`${tk.url}/my/orders`);
      await page.getByRole('link', { name: `S${String(orderId).padStart(5, '0')}` }).waitFor();
      await look(page, 'my-orders', width);
      await page.getByRole('link', { name: `S${String(orderId).padStart(5, '0')}` }).click();
      await page.getByText('Paid (Card (test processor))').waitFor();
      await look(page, 'my-order', width);
      expect(errors).to.deep.equal([]);
      await page.context().close();
    }
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors = watchErrors(page);
    await signInBackoffice(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
    await page.goto(`${tk.url}/web#menu=sale.analytics`);
    await page.locator('.shop-funnel tr[data-event="order_confirmed"]').waitFor().catch(async (e: unknown) => { await page.screenshot({ path: path.join(SHOTS, 'analytics-fail.png') }); throw e; });
    await page.locator('.shop-analytics .apexcharts-canvas').first().waitFor();
    expect(Number(await page.locator('.shop-funnel tr[data-event="order_confirmed"] td').first().textContent())).to.be.at.least(1);
    await page.screenshot({ path: path.join(SHOTS, 'analytics-1280.png'), fullPage: true });
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});

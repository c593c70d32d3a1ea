import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { REGISTRATION_MODEL } from '@modules/event';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';

/**
 * The reference's ticket tour on the demo data, in Chromium: from /event, the "Conference on Business
 * Apps", 1 Standard (1,000) and 3 VIP (1,500), the attendees in the modal, the cart at 5,500.00, then
 * the shop's checkout paid by the test card: the order is confirmed and so are the four attendees.
 */
describe('event_sale: ticket tour (browser)', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  let browser: Browser;
  before(async () => {
    tk = await bootTestKernel({ modules: ['event_sale'], http: true, demo: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('buys 1 Standard + 3 VIP tickets: the cart shows 5,500.00; paid by card, the attendees are confirmed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/event`);
    await Promise.all([page.waitForURL(/conference-on-business-apps/), page.locator('a.stretched-link').filter({ hasText: /^Conference on Business Apps$/ }).click()]);
    await page.waitForSelector('[data-island="event.registration_form"][data-hydrated="true"]');
    await page.locator('#registration_form select').nth(0).selectOption('1');
    await page.locator('#registration_form select').nth(1).selectOption('3');
    await page.getByRole('button', { name: 'Register Now' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    for (let i = 1; i <= 4; i++) {
      await dialog.locator(`input[name="${i}-name"]`).fill(`Attendee ${i}`);
      await dialog.locator(`input[name="${i}-email"]`).fill(`attendee${i}@example.com`);
      await dialog.locator(`input[name="${i}-phone"]`).fill(`+32 2 000 00 0${i}`);
    }
    await Promise.all([page.waitForURL(/\/shop\/cart$/), dialog.getByRole('button', { name: 'Continue' }).click()]);
    const body = await page.locator('main').textContent();
    expect(body).to.contain('5,500.00');
    await page.screenshot({ path: '.tmp/event/ticket-cart-1280.png', fullPage: true });
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    expect(await tk.sudo().model(REGISTRATION_MODEL).search_count([['origin', '=', 'shop'], ['state', '=', 'draft']])).to.equal(4);

    // The shop's checkout: address, shipping, payment by the test card.
    await Promise.all([page.waitForURL('**/shop/address'), page.getByRole('link', { name: 'Process Checkout' }).click()]);
    await page.waitForSelector('[data-island="sale.address_form"][data-hydrated="true"]');
    await page.getByLabel('Name').fill('Ticket Buyer');
    await page.getByLabel('Email').fill('ticket.buyer@example.com');
    await page.getByLabel('Phone').fill('+32 2 000 00 00');
    await page.getByLabel('Street').fill('1 Grand-Place');
    await page.getByLabel('City').fill('Brussels');
    await page.getByLabel('Zip code').fill('1000');
    await page.getByLabel('Country').selectOption({ label: 'Belgium' });
    await Promise.all([page.waitForURL('**/shop/checkout'), page.getByRole('button', { name: 'Next' }).click()]);
    await Promise.all([page.waitForURL('**/shop/payment'), page.getByRole('link', { name: 'Confirm' }).click()]);
    await page.waitForSelector('[data-island="sale.payment_form"][data-hydrated="true"]');
    await page.getByLabel('Card (test processor)').check();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Name on the card').fill('Ticket Buyer');
    await page.getByLabel('Expiry (MM / YY)').fill('1234');
    await page.getByLabel('Security code').fill('123');
    await page.getByLabel('I agree to the').check();
    await page.locator('#o_payment_form_pay').click();
    await page.waitForURL('**/shop/confirmation');
    await page.locator('.oe_website_sale_tx_status[data-order-state="sale"]').waitFor();
    await page.screenshot({ path: '.tmp/event/ticket-paid-1280.png', fullPage: true });
    const confirmed = await tk.sudo().model(REGISTRATION_MODEL).search_read([['origin', '=', 'shop'], ['state', '=', 'open']], ['name']);
    expect(confirmed.map((r) => r.name).sort()).to.deep.equal(['Attendee 1', 'Attendee 2', 'Attendee 3', 'Attendee 4']);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

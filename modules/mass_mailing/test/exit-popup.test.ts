import { expect } from 'chai';
import type { Browser, Page, Route } from 'playwright-core';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { launchBrowser, watchErrors } from '../../../test/support/browser';

/** A JSON-RPC refusal as the server sends it. */
const refusal = (name: string, message: string) => ({
  status: 200, contentType: 'application/json',
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 200, message, data: { name, message } } }),
});

/** Errors other than the failed requests the test provokes itself (Chromium logs those as console errors). */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

/** The exit popup in a real browser when subscribing fails: the address is marked only when it is at fault. */
describe('mass_mailing: exit popup errors', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let listId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    listId = await tk.sudo().model('mail.mass_mailing.list').create({
      name: 'Popup news', popup_content: '<p>Before you go: get our news.</p>', popup_redirect_url: '/',
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  /** Opens the page and moves the mouse out of the window, which shows the popup. */
  async function openPopup(page: Page): Promise<void> {
    await page.goto(`${tk.url}/newsletter`);
    await page.locator('[data-island="mass_mailing.exit_popup"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle'); // get_content answered: the popup is armed
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 300, clientY: -5, relatedTarget: null })));
    await page.locator('.newsletter-popup[role=dialog]').waitFor();
  }

  it('says why a subscribe failed unless the address was refused, which only marks the field', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openPopup(page);
    const field = `#newsletter-popup-email-${listId}`;
    const alert = '.newsletter-popup [role=alert]';
    await page.fill(field, 'reader@example.com');

    const failures: Array<[(r: Route) => Promise<void>, string]> = [
      [(r) => r.fulfill(refusal('UserError', 'Too many requests. Please wait a moment and try again.')), 'Too many requests'],
      [(r) => r.fulfill(refusal('MissingError', 'This mailing list does not exist.')), 'This mailing list does not exist.'],
      [(r) => r.abort('connectionrefused'), 'The server cannot be reached'],
    ];
    for (const [fail, text] of failures) {
      await page.route('**/website_mass_mailing/subscribe', fail);
      await page.click('.newsletter-popup button[type=submit]');
      await page.locator(`${alert}:has-text("${text}")`).waitFor();
      expect(await page.locator(`${field}.is-invalid`).count()).to.equal(0);
      await page.unroute('**/website_mass_mailing/subscribe');
    }

    await page.route('**/website_mass_mailing/subscribe', (r) => r.fulfill(refusal('ValidationError', "'reader@example.com' is not a valid e-mail address")));
    await page.click('.newsletter-popup button[type=submit]');
    await page.locator(`${field}.is-invalid`).waitFor();
    expect(await page.textContent(alert)).to.equal('');
    // The refusal is said in words next to the field (not by the red border alone), and linked to it.
    const feedbackId = await page.getAttribute(field, 'aria-describedby');
    expect(feedbackId).to.be.a('string');
    expect(await page.textContent(`#${feedbackId}.invalid-feedback`)).to.equal('Please enter a valid e-mail address.');
    await page.unroute('**/website_mass_mailing/subscribe');

    // The popup stayed open throughout; once the server accepts, it says a confirmation was mailed and
    // goes to the redirect URL when the visitor continues.
    await page.click('.newsletter-popup button[type=submit]');
    await page.locator('.newsletter-popup [role=status]:has-text("Check your inbox to confirm your subscription.")').waitFor();
    await Promise.all([page.waitForURL(`${tk.url}/`), page.click('.newsletter-popup button:has-text("Continue")')]);
    expect(await tk.sudo().model('mail.mass_mailing.contact').search_count([['email', '=', 'reader@example.com']])).to.equal(1);
    expect(unexpected(errors)).to.deep.equal([]);
    await context.close();
  });
});

import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../support/browser';

const SHOTS = process.env.TOUR_SCREENSHOTS;

/** The owner changes a page's URL: the properties dialog offers the 301 (ticked), and the old URL then leads to the page. */
describe('tour: a page moved keeps its old URL working', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function expectAccessible(page: Page, what: string): Promise<void> {
    const violations = await checkAccessibility(page);
    expect(violations, `${what}:\n${describeViolations(violations)}`).to.deep.equal([]);
  }

  it('renames /about-us to /about at 1280 and 375 px; a visitor of /about-us lands on /about', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD, then: '/about-us?enable_editor=1' });
    await page.waitForSelector('[data-island="website.page_editor"][data-hydrated="true"]');
    await page.click('.editor-bar button:has-text("Properties")');
    await page.fill('dialog[open] input[name=url]', '/about');
    const offer = page.locator('dialog[open] .redirect-old');
    expect(await offer.textContent()).to.contain('Redirect the old URL /about-us to the new one (301)');
    expect(await offer.locator('input').isChecked()).to.equal(true);
    await expectAccessible(page, 'properties dialog at 1280 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/redirect-dialog-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page, 'properties dialog at 375 px');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/redirect-dialog-375.png` });
    await Promise.all([page.waitForURL(/\/about(\?|$)/), page.click('dialog[open] button:has-text("Save properties")')]);

    const visitor = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const response = await visitor.goto(`${tk.url}/about-us`);
    expect(new URL(visitor.url()).pathname).to.equal('/about');
    expect(response?.status()).to.equal(200);
    expect(response?.request().redirectedFrom()?.url()).to.equal(`${tk.url}/about-us`);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../support/browser';

const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';

/**
 * The publish toggle of a page as an administrator uses it: Unpublish asks first (cancel keeps the page
 * online), and the home page offers no Unpublish at all.
 */
describe('tour: publish toggle', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let aboutId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
    aboutId = await tk.sudo().model('website.page').create({ name: 'About us', url: '/about-us', content: '<p>Who we are.</p>', website_published: true });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD, then: '/about-us' });
    await page.waitForSelector('[data-island="website.publish_toggle"][data-hydrated="true"]');
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });
  afterEach(() => {
    expect(errors, errors.join('\n')).to.deep.equal([]);
  });

  const published = async () => (await tk.sudo().model('website.page').read([aboutId], ['website_published']))[0].website_published;

  it('asks before unpublishing a page: cancelled, the page stays online; confirmed, it goes', async () => {
    await page.click('.btn-publish');
    await page.waitForSelector('dialog.confirm-dialog[open]:has-text("Unpublish this page?")');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await checkAccessibility(page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/publish-confirm-${width}.png` });
    }
    await page.click('dialog.confirm-dialog button:has-text("Cancel")');
    await page.locator('dialog.confirm-dialog').waitFor({ state: 'detached' });
    expect(await page.textContent('.publish-state')).to.equal('Published');
    expect(await published()).to.equal(true);

    await page.click('.btn-publish');
    await page.click('dialog.confirm-dialog button:has-text("Unpublish")');
    await page.waitForFunction(() => document.querySelector('.publish-state')?.textContent === 'Unpublished');
    expect(await published()).to.equal(false);
    // Publishing again needs no question.
    await page.click('.btn-publish');
    await page.waitForFunction(() => document.querySelector('.publish-state')?.textContent === 'Published');
    expect(await page.locator('dialog.confirm-dialog').count()).to.equal(0);
    expect(await published()).to.equal(true);
  });

  it('offers no Unpublish on the home page, which says it is always published', async () => {
    await page.goto(`${tk.url}/`);
    await page.waitForSelector('[data-island="website.publish_toggle"][data-hydrated="true"]');
    expect(await page.locator('.btn-publish').count()).to.equal(0);
    expect(await page.textContent('.publish-toggle')).to.equal('PublishedThe home page is always published.');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await checkAccessibility(page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/publish-home-${width}.png` });
    }
    // The properties dialog says so too, its box checked and disabled.
    await page.goto(`${tk.url}/?enable_editor=1`);
    await page.waitForSelector('[data-island="website.page_editor"][data-hydrated="true"] .ProseMirror');
    await page.click('.editor-bar >> text=Properties');
    const box = page.locator('.page-properties input[type=checkbox] >> nth=1');
    expect(await box.isChecked()).to.equal(true);
    expect(await box.isDisabled()).to.equal(true);
    expect(await page.textContent('.page-properties')).to.contain('The home page is always published.');
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  });
});

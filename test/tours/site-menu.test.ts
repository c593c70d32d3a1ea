import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../support/browser';

const SHOTS = process.env.TOUR_SCREENSHOTS;

/**
 * The owner edits the whole menu in the page editor (keyboard and mouse, a link, a sub-menu, a hidden
 * entry); with a dozen entries the header stays on one row at 1280 px (the rest under More) and is a
 * disclosure list on a phone, sub-menu included, without JavaScript.
 */
describe('tour: the whole menu', function () {
  this.timeout(180_000);
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
  const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false }) : Promise.resolve());
  const names = (page: Page) => page.$$eval('.menu-editor .menu-name', (inputs) => inputs.map((i) => (i as HTMLInputElement).value));

  it('edits every entry, then shows a long menu on one row at 1280 px and as a list on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD, then: '/?enable_editor=1' });
    await page.waitForSelector('[data-island="website.page_editor"][data-hydrated="true"]');
    await page.click('.editor-bar button:has-text("Menu")');
    await page.waitForSelector('.menu-editor-item');
    const first = await names(page);
    expect(first).to.include.members(['Home', 'Gallery']);

    // Keyboard: Gallery moved up with its arrow button.
    const galleryAt = first.indexOf('Gallery');
    await page.focus(`[aria-label="Move Gallery up"]`);
    await page.keyboard.press('Enter');
    expect((await names(page)).indexOf('Gallery')).to.equal(galleryAt - 1);
    // Mouse: Gallery dragged to the top, then put back after Home with the keyboard.
    await page.dragAndDrop('.menu-editor-item:has(input[value="Gallery"]) .drag-handle', '.menu-editor-item:first-child');
    expect((await names(page))[0]).to.equal('Gallery');
    await page.click('[aria-label="Move Gallery down"]');
    // A link: refused as javascript:, added as https.
    await page.fill('.menu-add-link input[name=name]', 'Blog');
    await page.fill('.menu-add-link input[name=url]', 'javascript:alert(1)');
    await page.click('.menu-add-link button[type=submit]');
    await page.waitForSelector('.menu-add-link input[name=url].is-invalid');
    await page.fill('.menu-add-link input[name=url]', 'https://blog.example.com/');
    await page.click('.menu-add-link button[type=submit]');
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLInputElement>('.menu-editor .menu-name')].some((i) => i.value === 'Blog'));
    // The link under Gallery's sub-menu... no: under the entry above it; renamed; the gallery renamed too.
    await page.click('[aria-label="Put Blog in the sub-menu of the entry above"]');
    await page.fill('.menu-editor-item:has(input[value="Gallery"]) .menu-name', 'Pictures');
    await expectAccessible(page, 'menu dialog');
    await shot(page, 'menu-dialog-1280');
    await Promise.all([page.waitForNavigation(), page.click('dialog[open] .btn-primary:has-text("Save the menu")')]);

    // Nine more entries: the header keeps one row at 1280 px, the rest under More.
    const site = Number((await tk.sudo().model('website').search([], { limit: 1 }))[0]);
    for (const [i, name] of ['Services', 'Pricing', 'Customers', 'Careers', 'Press room', 'Partners', 'Documentation', 'Support', 'Contact us'].entries()) {
      await tk.sudo().model('website.menu').create({ name, url: `/p${i}`, website_id: site, sequence: 1000 + i });
    }
    await page.goto(`${tk.url}/`);
    const rows = await page.$$eval('.site-menu .menu > li', (lis) => [...new Set(lis.filter((li) => getComputedStyle(li).display !== 'none').map((li) => Math.round(li.getBoundingClientRect().top)))]);
    expect(rows, 'one row of menu entries').to.have.length(1);
    expect(await page.isVisible('.menu-more > details > summary')).to.equal(true);
    const headerHeight = await page.$eval('.site-header', (h) => h.getBoundingClientRect().height);
    expect(headerHeight).to.be.below(80);
    await page.click('.menu-more > details > summary');
    expect(await page.isVisible('.menu-more .dropdown-item:has-text("Contact us")')).to.equal(true);
    await page.click('.menu-parent > details > summary');
    expect(await page.isVisible('.menu-parent .dropdown-item:has-text("Blog")')).to.equal(true);
    // Open dropdowns float over the page: the header keeps its height.
    expect(await page.$eval('.site-header', (h) => h.getBoundingClientRect().height)).to.equal(headerHeight);
    await expectAccessible(page, 'header at 1280 px, dropdowns open');
    await shot(page, 'menu-header-1280');

    // A phone: the menu behind its toggle, every entry in the list, the sub-menu a disclosure; no script needed.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    expect(await page.isVisible('.site-menu')).to.equal(false);
    await page.click('#site-nav-toggle');
    expect(await page.isVisible('.menu > li > a:has-text("Contact us")')).to.equal(true);
    expect(await page.isVisible('.menu-more')).to.equal(false);
    await page.click('.menu-parent > details > summary');
    expect(await page.isVisible('.menu-parent .dropdown-item:has-text("Blog")')).to.equal(true);
    await expectAccessible(page, 'phone menu open');
    await shot(page, 'menu-phone-375');
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

import path from 'node:path';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';

const SHOTS = process.env.TOUR_SCREENSHOTS;
const HOT_FIXTURES = path.resolve(__dirname, '..', '..', 'platform', 'kernel', 'test', 'fixtures', 'hot-install');

/**
 * The Apps screen installs modules while the site serves: a confirmation names what comes along, a
 * progress bar follows the steps, and the new module answers afterwards without a restart. hot_slow
 * (a fixture whose migration takes a second) shows the bar long enough to look at it.
 */
describe('tour: install modules from the Apps screen', function () {
  this.timeout(120000);
  let tk: TestKernel;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  async function noViolations(p: Page): Promise<void> {
    const violations = await checkAccessibility(p);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  }
  async function shot(name: string): Promise<void> {
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, roots: [HOT_FIXTURES] });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    errors = watchErrors(page);
    await signInBackoffice(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
    await page.goto(`${tk.url}/web#menu=base.apps&screen=apps`);
    await page.waitForSelector('.apps-table tbody tr[data-module="hot_slow"]');
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('clicking Install shows the progress bar with the current step, until done', async () => {
    await page.click('tr[data-module="hot_slow"] .module-install');
    await page.waitForSelector('.operation-modules');
    expect(await page.textContent('.operation-modules')).to.equal('Hot slow');
    await page.click('[role=alertdialog] .btn-primary');
    await page.waitForSelector('.module-operation .progress[role=progressbar]');
    // Its migration takes a second: the step shows it, with the bar part of the way.
    // The step and the bar are read in one go: read apart, the operation could move on in between (to 90).
    const during = await page.waitForFunction(() => {
      const step = document.querySelector('.module-operation-step')?.textContent ?? '';
      const bar = document.querySelector('.module-operation .progress')?.getAttribute('aria-valuenow');
      return step.includes('Updating the database of Hot slow') ? Number(bar) : null;
    }, undefined, { timeout: 20_000 });
    expect(await during.jsonValue()).to.be.within(5, 89);
    // The other buttons wait while an operation runs.
    expect(await page.isDisabled('tr[data-module="hot_hello"] .module-install')).to.equal(true);
    await shot('apps-progress-1280');
    await noViolations(page);
    await page.waitForSelector('.module-operation.alert-success', { timeout: 30_000 });
    expect(await page.textContent('.module-operation')).to.contain('Installed: Hot slow');
    await page.waitForSelector('#module-hot_slow');
  });

  it('installs forum with the modules it needs, named before; /forum answers afterwards, without a restart', async () => {
    expect((await fetch(`${tk.url}/forum`)).status).to.equal(404);
    await page.click('tr[data-module="forum"] .module-install');
    await page.waitForSelector('.operation-modules');
    expect(await page.textContent('.operation-modules')).to.equal('Real-time bus, Outgoing Mail, Comments and Followers, Forum');
    await noViolations(page);
    await shot('apps-confirm-1280');
    await page.click('[role=alertdialog] .btn-primary');
    await page.waitForSelector('.module-operation.alert-success', { timeout: 60_000 });
    await page.waitForSelector('#module-forum:checked');
    expect((await fetch(`${tk.url}/forum`)).status).to.equal(200);
    await noViolations(page);
    await shot('apps-done-1280');
  });

  it('Reload data on an installed module, and the screen at 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.click('tr[data-module="forum"] .module-upgrade');
    await page.waitForSelector('.operation-modules');
    expect(await page.textContent('[role=alertdialog] .btn-primary')).to.equal('Reload data');
    await shot('apps-reload-375');
    await page.click('[role=alertdialog] .btn-primary');
    await page.waitForSelector('.module-operation.alert-success:has-text("Upgraded: forum")', { timeout: 60_000 });
    await noViolations(page);
    await shot('apps-done-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).to.be.at.most(0);
    expect(errors).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';

/** `/r/<code>+` in Chromium: hydrates without error, readable tabs, counts with plural forms. */
describe('link_tracker: statistics page in the browser', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let admin: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['link_tracker'], http: true, demo: true });
    await tk.sudo().db('website').update({ base_url: 'https://go.example.com' });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function open(path: string, viewport?: { width: number; height: number }): Promise<{ page: Page; errors: string[] }> {
    const context = await browser.newContext(viewport ? { viewport } : {});
    await context.addCookies([{ name: 'session_id', value: admin.cookie.split('=')[1], url: tk.url }]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(tk.url + path);
    await page.locator('[data-island="link_tracker.link_stats"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.locator('.period-total, .no-data').first().waitFor();
    return { page, errors };
  }

  it('hydrates without a React error: the short URL is the same string on both sides, on the base URL', async () => {
    const { page, errors } = await open('/r/shop+');
    expect(await page.textContent('.link-facts code')).to.equal('https://go.example.com/r/shop');
    await page.waitForTimeout(300);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('the period tabs are Bootstrap nav-tabs, readable (axe colour contrast) and switch the panel', async () => {
    const { page, errors } = await open('/r/shop+');
    expect(await page.locator('ul.nav.nav-tabs[role=tablist] button.nav-link[role=tab]').count()).to.equal(3);
    for (const tab of ['Last Month', 'Last Week']) {
      const colours = await page.locator(`button[role=tab]:has-text("${tab}")`).evaluate((b) => {
        const style = getComputedStyle(b);
        return [style.color, style.backgroundColor];
      });
      expect(colours[0], `${tab}: text and background differ`).not.to.equal(colours[1]);
    }
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await page.click('button[role=tab]:has-text("Last Week")');
    expect(await page.getAttribute('button[role=tab]:has-text("Last Week")', 'aria-selected')).to.equal('true');
    expect(await page.getAttribute('[role=tabpanel]', 'aria-labelledby')).to.equal('link-tab-week');
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });

  it('says "1 click" (not "1 clicks"), and "1 clic" in French with a translated tab title', async () => {
    const id = await tk.sudo().model('link.tracker').create({ url: 'https://www.example.com/once', title: 'Once', code: 'once' });
    if (!(await tk.sudo().model('link.tracker.code').search_count([['code', '=', 'once']]))) await tk.sudo().model('link.tracker.code').create({ code: 'once', link_id: id });
    await tk.sudo().model('link.tracker.click').create({ link_id: id, ip: '192.0.2.7' });
    const { page } = await open('/r/once+');
    expect(await page.textContent('.period-total')).to.equal('1 click');
    await page.goto(`${tk.url}/fr/r/once+`);
    await page.locator('.period-total').waitFor();
    expect(await page.textContent('.period-total')).to.equal('1 clic');
    expect(await page.title()).to.match(/^Statistiques de Once/);
    await page.context().close();
  });

  it('fits a 375 px phone when the title is a long URL (no horizontal overflow)', async () => {
    const url = 'https://www.example.com/a-rather-long-landing-page-address/with/several/segments?utm_source=spring';
    const id = await tk.sudo().model('link.tracker').create({ url, title: url, code: 'longurl' });
    if (!(await tk.sudo().model('link.tracker.code').search_count([['code', '=', 'longurl']]))) await tk.sudo().model('link.tracker.code').create({ code: 'longurl', link_id: id });
    const { page, errors } = await open('/r/longurl+', { width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(375);
    expect(errors).to.deep.equal([]);
    await page.context().close();
  });
});

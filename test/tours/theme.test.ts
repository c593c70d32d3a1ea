import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../support/browser';

/** Tours of the default theme: the phone menu without JavaScript, the home page, accessibility of every kind of page. */
describe('tour: default theme', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail', 'mass_mailing', 'livechat'], http: true, demo: true });
    // Nobody online: the live chat adds no button, so the pages below carry no island of their own.
    await tk.kernel.db('bus_presence').update({ last_poll: '2000-01-01 00:00:00' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  const layout = (page: Page) => page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    header: document.querySelector('.site-header')!.getBoundingClientRect().height,
    menuVisible: getComputedStyle(document.querySelector('#site-menu')!).display !== 'none',
    toggleVisible: getComputedStyle(document.querySelector('#site-nav-toggle')!).display !== 'none',
    scripts: document.querySelectorAll('script').length,
  }));

  it('a visitor on a 375 px phone opens the menu from the keyboard, without any script', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${tk.url}/`);
    let state = await layout(page);
    expect(state.scrollWidth, 'no horizontal overflow').to.equal(375);
    expect(state.header).to.be.at.most(64);
    expect(state).to.include({ menuVisible: false, toggleVisible: true, scripts: 0 });
    await page.screenshot({ path: '/tmp/theme-tour-phone-closed.png', fullPage: false });
    // Keyboard: the skip link, the brand, then the toggle; Space opens it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('site-nav-toggle');
    await page.keyboard.press('Space');
    state = await layout(page);
    expect(state.menuVisible).to.equal(true);
    expect(state.scrollWidth).to.equal(375);
    expect(await page.isVisible('#site-menu a.nav-link[href="/newsletter"]')).to.equal(true);
    expect(await page.isVisible('.lang-selector a[lang="fr-FR"]')).to.equal(true);
    expect(await page.isVisible('.site-account a[href^="/web/login"]')).to.equal(true);
    await page.screenshot({ path: '/tmp/theme-tour-phone-open.png', fullPage: false });
    await Promise.all([page.waitForNavigation(), page.click('#site-menu a.nav-link[href="/gallery"]')]);
    expect(new URL(page.url()).pathname).to.equal('/gallery');
    await context.close();
  });

  it('the home page at 1280 px: the menu in the bar, blocks, footer columns; no script, no overflow', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/`);
    const state = await layout(page);
    expect(state).to.include({ scrollWidth: 1280, menuVisible: true, toggleVisible: false, scripts: 0 });
    expect(state.header).to.be.at.most(64);
    expect(await page.textContent('.site-hero h1')).to.equal('A website you will enjoy running');
    expect(await page.locator('.block-features .card').count()).to.equal(3);
    expect(await page.locator('[data-dynamic-block="website.latest_pages"] .card').count()).to.be.greaterThan(0);
    expect(await page.isVisible('.site-footer .footer-newsletter input[name=email]')).to.equal(true);
    // The hero picture is loaded and covers the banner.
    expect(await page.evaluate(() => (document.querySelector('.site-hero-img') as HTMLImageElement).naturalWidth)).to.equal(1600);
    await page.screenshot({ path: '/tmp/theme-tour-home-1280.png', fullPage: true });
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it("an administrator's header: one row at 1280 px, the user menu (Site settings, sign out) opens without script, axe clean", async () => {
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies([{ name: 'session_id', value: admin.cookie.split('=')[1], url: tk.url }]);
      const page = await context.newPage();
      await page.goto(`${tk.url}/about-us`);
      if (width === 375) await page.click('#site-nav-toggle');
      const state = await layout(page);
      expect(state.scrollWidth, `${width}`).to.equal(width);
      if (width === 1280) expect(state.header, 'header height at 1280').to.be.at.most(64);
      expect(await page.isVisible('.site-header a[href="/website/settings"]')).to.equal(false);
      await page.click('.user-menu summary');
      expect(await page.isVisible('.site-header a[href="/website/settings"]')).to.equal(true);
      expect(await page.isVisible('.site-header a[href="/web/session/logout"]')).to.equal(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}, menu open`).to.equal(width);
      expect(describeViolations(await checkAccessibility(page))).to.equal('');
      await page.screenshot({ path: `/tmp/theme-tour-admin-${width}.png`, fullPage: false });
      await context.close();
    }
  });

  it('axe finds no serious or critical violation on the home page, a content page, the gallery, the newsletter page, under /fr too', async () => {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      for (const path of ['/', '/page/about-us', '/gallery', '/newsletter', '/fr/', '/fr/page/about-us']) {
        await page.goto(`${tk.url}${path}`);
        if (path.includes('about-us')) await page.waitForSelector('[data-island="website_mail.comments"][data-hydrated="true"]');
        const violations = await checkAccessibility(page);
        expect(violations, `${path} at ${width}px: ${describeViolations(violations)}`).to.deep.equal([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} at ${width}px`).to.equal(width);
      }
      await context.close();
    }
  });

  it('error pages say what happened, offer a way back, and pass axe', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const cases: Array<{ status: number; path: string; init?: RequestInit }> = [
      { status: 404, path: '/no-such-page' },
      { status: 403, path: '/web/image/res.partner/3/image' }, // a contact visitors may not see
      { status: 400, path: '/web/login', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'login=a&password=b' } }, // no CSRF token
      { status: 413, path: '/web/login', init: { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a'.repeat(2_000_000) } },
      { status: 405, path: '/web/login', init: { method: 'PUT' } },
    ];
    for (const c of cases) {
      const res = await fetch(`${tk.url}${c.path}`, c.init);
      expect(res.status, c.path).to.equal(c.status);
      const html = await res.text();
      // Served to the browser as it is, at a URL of the site (so its stylesheet loads).
      await page.route(`${tk.url}/__error`, (route) => route.fulfill({ status: c.status, contentType: 'text/html', body: html }));
      await page.goto(`${tk.url}/__error`);
      await page.unroute(`${tk.url}/__error`);
      expect(await page.isVisible('.status-page .btn-primary[href="/"]'), `${c.status}: a way back`).to.equal(true);
      expect(await page.textContent('.status-code')).to.equal(String(c.status));
      const violations = await checkAccessibility(page);
      expect(violations, `${c.status}: ${describeViolations(violations)}`).to.deep.equal([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.equal(375);
    }
    await context.close();
  });
});

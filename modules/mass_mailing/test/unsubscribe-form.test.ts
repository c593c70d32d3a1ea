import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { MailingSender } from '../server/services/mailing-sender';
import { MailingTokens } from '../server/services/mailing-tokens';
import { listWith, mailingFor } from './support/fixtures';

/** Screenshots of the page at both widths go there when set (e.g. MAILING_SHOTS=/tmp/shots). */
const SHOTS = process.env.MAILING_SHOTS;

/** The unsubscribe page in a real browser, with JavaScript and without (a legal requirement: both must work). */
describe('mass_mailing: unsubscribe form in the browser', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let mailingId: number;
  let news: number;
  let offers: number;

  before(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    const env = tk.sudo();
    const readers = ['dora@example.com', 'eve@example.com', 'fay@example.com', 'gus@example.com'];
    news = await listWith(env, 'News', readers);
    offers = await listWith(env, 'Offers', readers);
    mailingId = await mailingFor(env, [news, offers]);
    await tk.kernel.container.get(MailingSender).queue(env, mailingId);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  const url = async (email: string) => {
    const token = (await tk.kernel.container.get(MailingTokens).signer()).unsubscribe(mailingId, email);
    return `/mail/mailing/${mailingId}/unsubscribe?${new URLSearchParams({ email, token })}`;
  };
  const subscribed = async (email: string): Promise<Record<number, boolean>> => {
    const rows = await tk.sudo().model('mail.mass_mailing.subscription').search_read([['contact_id.email', '=', email]], ['list_id', 'opt_out']);
    return Object.fromEntries(rows.map((r) => [(r.list_id as [number, string])[0], !r.opt_out]));
  };
  const unsubscribedCount = async () => Number((await tk.sudo().model('mail.mass_mailing').read([mailingId], ['unsubscribed']))[0].unsubscribed);
  const hydrated = (page: Page) => page.locator('[data-island="mass_mailing.unsubscribe_form"][data-hydrated="true"]').waitFor({ state: 'attached' });
  const status = (page: Page) => page.textContent('.unsubscribe-form [role=status]');

  it('saving without a change says nothing changed; unticking then saving says saved', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(tk.url + await url('dora@example.com'));
    await hydrated(page);
    await page.click('.unsubscribe-form .btn-save');
    await page.locator('.unsubscribe-form [role=status]:has-text("Nothing changed")').waitFor();
    expect(await status(page)).not.to.contain('saved');
    await page.uncheck(`#list-${news}`);
    await page.click('.unsubscribe-form .btn-save');
    await page.locator('.unsubscribe-form [role=status]:has-text("Your changes have been saved.")').waitFor();
    expect(await subscribed('dora@example.com')).to.deep.equal({ [news]: false, [offers]: true });
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('"Unsubscribe from all" leaves every list, with JavaScript', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(tk.url + await url('eve@example.com'));
    await hydrated(page);
    const before = await unsubscribedCount();
    await page.click('.unsubscribe-form .btn-unsubscribe-all');
    await page.locator('.unsubscribe-form [role=status]:has-text("You have been unsubscribed from all our mailing lists.")').waitFor();
    expect(await page.isChecked(`#list-${news}`)).to.equal(false);
    expect(await page.isChecked(`#list-${offers}`)).to.equal(false);
    expect(page.url()).to.contain('/unsubscribe?'); // answered in place
    expect(await subscribed('eve@example.com')).to.deep.equal({ [news]: false, [offers]: false });
    expect(await unsubscribedCount()).to.equal(before + 1);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('without JavaScript, unticking a list and saving posts the form with its token and saves', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(tk.url + await url('fay@example.com'));
    await page.uncheck(`#list-${offers}`);
    const [answer] = await Promise.all([page.waitForNavigation(), page.click('.unsubscribe-form .btn-save')]);
    expect(answer?.status()).to.equal(200);
    expect(await status(page)).to.equal('Your changes have been saved.');
    expect(await subscribed('fay@example.com')).to.deep.equal({ [news]: true, [offers]: false });
    // The answer shows the new state, and the form still works from there.
    expect(await page.isChecked(`#list-${news}`)).to.equal(true);
    expect(await page.isChecked(`#list-${offers}`)).to.equal(false);
    await Promise.all([page.waitForNavigation(), page.click('.unsubscribe-form .btn-save')]);
    expect(await status(page)).to.equal('Nothing changed: your subscriptions were already like this.');
    await context.close();
  });

  it('without JavaScript, "Unsubscribe from all" leaves every list, in French under /fr; screenshots at 375 and 1280 px', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${tk.url}/fr${await url('gus@example.com')}`);
    expect(await page.textContent('.unsubscribe-form .btn-unsubscribe-all')).to.contain('Se désabonner de tout');
    const before = await unsubscribedCount();
    await Promise.all([page.waitForNavigation(), page.click('.unsubscribe-form .btn-unsubscribe-all')]);
    expect(page.url()).to.equal(`${tk.url}/fr/mail/mailing/${mailingId}/unsubscribe/save`);
    expect(await status(page)).to.equal('Vous avez été désabonné de toutes nos listes de diffusion.');
    expect(await subscribed('gus@example.com')).to.deep.equal({ [news]: false, [offers]: false });
    expect(await unsubscribedCount()).to.equal(before + 1);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsubscribe-nojs-${width}.png`, fullPage: true });
    }
    await context.close();
  });

  it("the plain form's answer page has no serious accessibility violation and fits 375 px", async () => {
    // axe needs JavaScript: the page's script is bypassed by posting the form as a browser without it would.
    const page = await browser.newPage();
    await page.goto(tk.url + await url('dora@example.com'));
    await hydrated(page);
    await Promise.all([page.waitForNavigation(), page.evaluate(() => {
      const form = document.querySelector('.unsubscribe-form') as HTMLFormElement;
      form.insertAdjacentHTML('beforeend', '<input type="hidden" name="action" value="save">');
      HTMLFormElement.prototype.submit.call(form);
    })]);
    expect(page.url()).to.contain('/unsubscribe/save');
    await hydrated(page);
    expect(await status(page)).to.contain('Nothing changed');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(describeViolations(await checkAccessibility(page)), `at ${width}`).to.equal('');
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.equal(375);
    }
    await page.close();
  });

  it('is in French under /fr; screenshots with JavaScript at 375 and 1280 px', async () => {
    const page = await browser.newPage();
    await page.goto(`${tk.url}/fr${await url('dora@example.com')}`);
    await hydrated(page);
    expect(await page.textContent('h1')).to.equal("Abonnements à la lettre d'information");
    await page.click('.unsubscribe-form .btn-save');
    await page.locator(".unsubscribe-form [role=status]:has-text(\"Rien n'a changé\")").waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/unsubscribe-js-${width}.png`, fullPage: true });
      expect(describeViolations(await checkAccessibility(page)), `at ${width}`).to.equal('');
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.equal(375);
    }
    await page.close();
  });
});

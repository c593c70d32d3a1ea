import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { checkAccessibility, describeViolations, launchBrowser } from '../../../test/support/browser';
import { rawRequest } from '@platform/http/test/support';
import { UserAccounts } from '@platform/base';
import { RpcClient } from '../../../test/support/rpc-client';

/** The subscribe form without JavaScript: a real POST checked by its origin (the page is publicly cached). */
describe('mass_mailing: subscribe form fallback (POST /website_mass_mailing/subscribe_form)', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let listId: number;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: undefined } });
    listId = await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Footer news' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });
  beforeEach(async () => {
    await tk.sudo().db('rate_limit').delete();
  });

  const post = (fields: Record<string, string>, headers: Record<string, string>) => rawRequest(tk.url, '/website_mass_mailing/subscribe_form', {
    method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
  const contacts = (email: string) => tk.sudo().model('mail.mass_mailing.contact').search_count([['email', '=', email]]);

  it('subscribes with double opt-in from this site and answers a page with the way back', async () => {
    const res = await post({ list_id: String(listId), email: 'Footer.Reader@example.com', redirect: '/page/about-us?x=1' }, { Origin: tk.url });
    expect(res.status).to.equal(200);
    expect(res.body).to.contain('Check your inbox to confirm your subscription.').and.contain('href="/page/about-us?x=1"');
    expect(await contacts('footer.reader@example.com')).to.equal(1);
    const [sub] = await tk.sudo().model('mail.mass_mailing.subscription').search_read([['contact_id.email', '=', 'footer.reader@example.com']], ['confirmed']);
    expect(sub.confirmed).to.equal(false);
    expect(await tk.sudo().db('mail_outbox').where('email_to', 'footer.reader@example.com').count({ n: '*' }).first()).to.deep.include({ n: 1 });
    // Sec-Fetch-Site: same-origin is enough (browsers that send it), whatever Origin is missing.
    expect((await post({ list_id: String(listId), email: 'other@example.com' }, { 'Sec-Fetch-Site': 'same-origin' })).status).to.equal(200);
  });

  it("a signed-in user's own address is subscribed at once, and the page says so (no inbox to check)", async () => {
    await new UserAccounts(() => tk.sudo()).create({ name: 'Reader', login: 'reader@example.com', password: 'reader-password', groups: ['base.group_portal'] });
    const client = new RpcClient(tk.url);
    await client.authenticate('reader@example.com', 'reader-password');
    const res = await post({ list_id: String(listId), email: 'Reader@Example.com' }, { Origin: tk.url, Cookie: client.cookie });
    expect(res.status).to.equal(200);
    expect(res.body).to.contain('Thanks for subscribing!').and.not.contain('Check your inbox');
    const [sub] = await tk.sudo().model('mail.mass_mailing.subscription').search_read([['contact_id.email', '=', 'reader@example.com'], ['list_id', '=', listId]], ['confirmed']);
    expect(sub.confirmed).to.equal(true);
    expect(await tk.sudo().db('mail_outbox').where('email_to', 'reader@example.com').count({ n: '*' }).first()).to.deep.include({ n: 0 });
    // Another address typed by the same user still needs its owner's confirmation.
    const other = await post({ list_id: String(listId), email: 'someone.else@example.com' }, { Origin: tk.url, Cookie: client.cookie });
    expect(other.body).to.contain('Check your inbox to confirm your subscription.');
  });

  it('refuses posts from other sites and posts that say nothing of their origin, writing nothing', async () => {
    const attempts: Array<Record<string, string>> = [{}, { Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site', Origin: tk.url }, { Origin: 'null' }];
    for (const headers of attempts) {
      const res = await post({ list_id: String(listId), email: 'forged@example.com' }, headers);
      expect(res.status, JSON.stringify(headers)).to.equal(403);
      expect(res.body).to.contain('This form can only be sent from the pages of this site.');
    }
    expect(await contacts('forged@example.com')).to.equal(0);
  });

  it('a bad address or list answers 400/404 with the message; redirects stay on this site', async () => {
    const bad = await post({ list_id: String(listId), email: 'not-an-email', redirect: 'https://evil.example/x' }, { Origin: tk.url });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.contain('Please enter a valid e-mail address.').and.contain('href="/"').and.not.contain('evil.example');
    const gone = await post({ list_id: '999999', email: 'a@example.com' }, { Origin: tk.url });
    expect(gone.status).to.equal(404);
    const huge = await post({ list_id: String(listId), email: `${'a'.repeat(300)}@example.com` }, { Origin: tk.url });
    expect(huge.status).to.equal(400);
    // Without a redirect field, back to the page the form was on (same site only).
    const referred = await post({ list_id: String(listId), email: 'ref@example.com' }, { Origin: tk.url, Referer: `${tk.url}/newsletter` });
    expect(referred.body).to.contain('href="/newsletter"');
  });

  it('works in a browser without JavaScript, in French under /fr', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${tk.url}/fr/newsletter`);
    page.setDefaultTimeout(10_000);
    await page.fill(`#newsletter-email-${listId}`, 'nojs@example.com');
    await Promise.all([page.waitForNavigation(), page.click('.newsletter-subscribe button[type=submit]')]);
    expect(page.url()).to.equal(`${tk.url}/fr/website_mass_mailing/subscribe_form`);
    expect(await page.textContent('[role=status]')).to.contain('Consultez votre boîte de réception');
    await Promise.all([page.waitForNavigation(), page.click('a:has-text("Continuer")')]);
    expect(page.url()).to.equal(`${tk.url}/fr/newsletter`);
    expect(await contacts('nojs@example.com')).to.equal(1);
    await context.close();
  });

  it('the result page has no serious accessibility violation', async () => {
    const page = await browser.newPage();
    await page.goto(`${tk.url}/newsletter`);
    await page.fill(`#newsletter-email-${listId}`, 'not-an-email');
    // The island catches the submit; post the plain form as a browser without JavaScript would.
    await Promise.all([page.waitForNavigation(), page.evaluate(() => (document.querySelector('.newsletter-subscribe') as HTMLFormElement).submit())]);
    expect(await page.textContent('[role=alert]')).to.contain('Please enter a valid e-mail address.');
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await page.close();
  });

  it('the French newsletter page and its footer form: axe clean and no overflow at 375 and 1280 px', async () => {
    const page = await browser.newPage();
    await page.goto(`${tk.url}/fr/newsletter`);
    await page.locator('[data-island="mass_mailing.subscribe"][data-hydrated="true"]').first().waitFor({ state: 'attached' });
    expect(await page.getAttribute('#footer-newsletter-email', 'placeholder')).to.equal('vous@example.com');
    expect(await page.getAttribute(`#newsletter-email-${listId}`, 'placeholder')).to.equal('vous@example.com');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (process.env.MAILING_SHOTS) await page.screenshot({ path: `${process.env.MAILING_SHOTS}/newsletter-fr-${width}.png`, fullPage: true });
      expect(describeViolations(await checkAccessibility(page)), `at ${width}`).to.equal('');
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.equal(375);
    }
    await page.close();
  });
});

import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { rawRequest } from '@platform/http/test/support';
import { outboxConfirmations } from './support/follow-confirmation';

/** The follow box: its message for a bad address, and its POST fallback without JavaScript. */
describe('website_mail: follow box messages and no-JS fallback', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let aboutId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true });
    aboutId = Number((await tk.sudo().model('website.page').search_read([['url', '=', '/about-us']], ['id']))[0].id);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });
  beforeEach(async () => {
    await tk.sudo().db('rate_limit').delete();
  });

  const followers = (email: string) => tk.sudo().model('mail.followers').search_count([['res_id', '=', aboutId], ['partner_id.email', '=', email]]);
  const post = (fields: Record<string, string>, headers: Record<string, string>) => rawRequest(tk.url, '/website_mail/follow_form', {
    method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });

  it('a bad address is said next to the field, linked with aria-describedby', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/about-us`);
    const box = page.locator('[data-island="website_mail.follow"][data-hydrated="true"]');
    await box.waitFor();
    await box.locator('input[type=email]').fill('not-an-email');
    await box.locator('button[type=submit]').click();
    await box.locator('input.is-invalid').waitFor();
    const feedbackId = await box.locator('input[type=email]').getAttribute('aria-describedby');
    expect(feedbackId).to.be.a('string');
    expect(await page.textContent(`#${feedbackId}.invalid-feedback`)).to.equal('Please enter a valid e-mail address.');
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('with JavaScript, a follow by e-mail says to check the inbox and follows nothing yet', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/about-us`);
    const box = page.locator('[data-island="website_mail.follow"][data-hydrated="true"]');
    await box.waitFor();
    await box.locator('input[type=email]').fill('island.follower@example.com');
    await box.locator('button[type=submit]').click();
    const pending = box.locator('.follow-pending[role=status]');
    await pending.waitFor();
    expect(await pending.textContent()).to.equal('Check your inbox to confirm: we sent you a link to follow this page.');
    expect(await box.locator('button.btn-follow').count()).to.equal(1);
    expect(await followers('island.follower@example.com')).to.equal(0);
    expect(await outboxConfirmations(tk, 'island.follower@example.com')).to.have.length(1);
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await box.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/follow-pending-${width}.png` });
    }
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('without JavaScript the box posts a real form and comes back with a message', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${tk.url}/fr/about-us`);
    await page.fill('.follow-widget input[type=email]', 'nojs.follower@example.com');
    await Promise.all([page.waitForNavigation(), page.click('.follow-widget button[type=submit]')]);
    expect(new URL(page.url()).pathname).to.equal('/fr/website_mail/follow_form');
    // The address is asked to confirm: no follow before its owner uses the mailed link.
    expect(await page.textContent('[role=status]')).to.equal('Consultez votre boîte de réception pour confirmer : nous vous avons envoyé un lien pour suivre cette page.');
    expect(await followers('nojs.follower@example.com')).to.equal(0);
    expect(await outboxConfirmations(tk, 'nojs.follower@example.com')).to.have.length(1);
    await Promise.all([page.waitForNavigation(), page.click('a:has-text("Retour à la page")')]);
    expect(new URL(page.url()).pathname).to.equal('/fr/about-us');
    await context.close();
  });

  it('refuses a post from another site or with no origin at all, and says why a bad address is refused', async () => {
    const fields = { id: String(aboutId), object: 'website.page', email: 'forged@example.com' };
    for (const headers of [{}, { Origin: 'https://evil.example' }] as Array<Record<string, string>>) {
      expect((await post(fields, headers)).status).to.equal(403);
    }
    expect(await followers('forged@example.com')).to.equal(0);
    const bad = await post({ ...fields, email: 'nope' }, { Origin: tk.url });
    expect(bad.status).to.equal(400);
    expect(bad.body).to.contain('Please enter a valid e-mail address.');
    const ok = await post({ ...fields, email: 'origin.ok@example.com', redirect: '//evil.example' }, { Origin: tk.url });
    expect(ok.status).to.equal(200);
    expect(ok.body).to.contain('href="/"').and.not.contain('evil.example');
    expect(ok.body).to.contain('Check your inbox to confirm');
    expect(await outboxConfirmations(tk, 'origin.ok@example.com')).to.have.length(1);
  });
});

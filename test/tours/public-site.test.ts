import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../support/browser';
import { confirmationLink, outboxConfirmations } from '@modules/website_mail/test/support';

/** Tours of the public site in a real browser: languages, publishing, follow, comments with ratings. */
describe('tour: public site', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true });
    await tk.kernel.container.get(UserAccounts).create({ name: 'Paula Portal', login: 'paula@example.com', password: 'paula-pass-123' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function session(login?: [string, string]): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    if (login) {
      await signIn(page, tk.url, { login: login[0], password: login[1] });
    }
    return { context, page, errors };
  }

  it('switches language and sees translated content and dates', async () => {
    const { context, page, errors } = await session();
    await page.goto(`${tk.url}/reviews`);
    await page.waitForSelector('[data-island="website_mail.comments"][data-hydrated="true"]');
    expect(await page.textContent('h1')).to.equal('Customer reviews');
    expect(await page.textContent('.comment time')).to.match(/^11\/10\/2026/); // MM/DD/YYYY
    await Promise.all([page.waitForNavigation(), page.click('.lang-selector a[lang="fr-FR"]')]);
    expect(new URL(page.url()).pathname).to.equal('/fr/reviews');
    expect(await page.textContent('h1')).to.equal('Avis clients');
    await page.waitForSelector('[data-island="website_mail.comments"][data-hydrated="true"]');
    expect(await page.textContent('.comment time')).to.match(/^10\/11\/2026/); // DD/MM/YYYY
    expect(await page.textContent('.comments h2')).to.contain('Commentaires');
    // The cookie keeps French on unprefixed URLs too.
    await page.goto(`${tk.url}/`);
    expect(await page.textContent('h1')).to.contain('Un site que vous aurez plaisir');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('publishes and unpublishes as a publisher; the public gets a 404 meanwhile', async () => {
    const { context, page, errors } = await session(['admin', ADMIN_PASSWORD]);
    await page.goto(`${tk.url}/about-us`);
    await page.waitForSelector('[data-island="website.publish_toggle"][data-hydrated="true"]');
    expect(await page.textContent('.publish-state')).to.equal('Published');
    await page.click('.btn-publish');
    // Unpublishing asks first (publishing does not).
    await page.click('dialog.confirm-dialog button:has-text("Unpublish")');
    await page.waitForFunction(() => document.querySelector('.publish-state')?.textContent === 'Unpublished');
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();
    const res = await publicPage.goto(`${tk.url}/about-us`);
    expect(res!.status()).to.equal(404);
    expect(await publicPage.textContent('h1')).to.equal('Page not found');
    await page.click('.btn-publish');
    await page.waitForFunction(() => document.querySelector('.publish-state')?.textContent === 'Published');
    expect((await publicPage.goto(`${tk.url}/about-us`))!.status()).to.equal(200);
    await visitor.close();
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('shows the server refusal in an error dialog when publishing is no longer allowed', async () => {
    const { context, page } = await session(['admin', ADMIN_PASSWORD]);
    await page.goto(`${tk.url}/about-us`);
    await page.waitForSelector('[data-island="website.publish_toggle"][data-hydrated="true"]');
    // The page is gone by the time the click happens: the server's MissingError reaches the dialog.
    const id = (await tk.sudo().model('website.page').search([['url', '=', '/about-us']]))[0];
    const copy = (await tk.sudo().model('website.page').read([id], ['name', 'content', 'website_published']))[0];
    await tk.sudo().model('website.page').unlink([id]);
    await page.click('.btn-publish');
    await page.click('dialog.confirm-dialog button:has-text("Unpublish")');
    await page.waitForSelector('dialog.error-dialog[open]');
    expect(await page.textContent('dialog.error-dialog p')).to.contain('does not exist');
    await page.click('dialog.error-dialog button');
    await page.waitForSelector('dialog.error-dialog', { state: 'detached' });
    await tk.sudo().model('website.page').create({ name: copy.name, url: '/about-us', content: copy.content, website_published: true });
    await context.close();
  });

  it('follows as a visitor (the e-mail is checked first, then confirmed from the mail) and as a signed-in user', async () => {
    /** Opens the newest confirmation link mailed to `email` (the outbox: no SMTP_URL) and presses its button. */
    const confirmFromMail = async (p: Page, email: string) => {
      const mails = await outboxConfirmations(tk, email);
      await p.goto(tk.url + confirmationLink(mails[mails.length - 1].body_html));
      await Promise.all([p.waitForNavigation(), p.click('button:has-text("Confirm: follow it")')]);
      await p.waitForSelector('h1:has-text("You are following this page")');
      await p.goto(`${tk.url}/reviews`);
    };
    const { context, page, errors } = await session();
    await page.goto(`${tk.url}/reviews`);
    await page.waitForSelector('[data-island="website_mail.follow"][data-hydrated="true"]');
    await page.fill('.follow-widget input[name=email]', 'not-an-email');
    await page.click('.btn-follow');
    expect(await page.getAttribute('.follow-widget input[name=email]', 'aria-invalid')).to.equal('true');
    expect(await page.$('.btn-unfollow')).to.equal(null);
    await page.fill('.follow-widget input[name=email]', 'visitor@example.com');
    await page.click('.btn-follow');
    await page.waitForSelector('.follow-pending');
    expect(await page.$('.btn-unfollow')).to.equal(null);
    await confirmFromMail(page, 'visitor@example.com');
    await page.waitForSelector('.btn-unfollow');
    await page.reload();
    await page.waitForSelector('.btn-unfollow');
    await page.click('.btn-unfollow');
    await page.waitForSelector('.btn-follow');
    expect(errors).to.deep.equal([]);
    await context.close();

    const user = await session(['paula@example.com', 'paula-pass-123']);
    await user.page.goto(`${tk.url}/reviews`);
    await user.page.waitForSelector('[data-island="website_mail.follow"][data-hydrated="true"]');
    expect(await user.page.$('.follow-widget input[name=email]')).to.equal(null);
    // A signed-up address nobody checked yet: confirmed once from the mail.
    await user.page.click('.btn-follow');
    await user.page.waitForSelector('.follow-pending');
    await confirmFromMail(user.page, 'paula@example.com');
    await user.page.waitForSelector('.btn-unfollow');
    await user.page.reload();
    await user.page.waitForSelector('.btn-unfollow');
    await user.context.close();
  });

  it('comments with a rating and sees the average change; an empty message is not sent', async () => {
    const { context, page, errors } = await session(['paula@example.com', 'paula-pass-123']);
    await page.goto(`${tk.url}/reviews`);
    await page.waitForSelector('[data-island="website_mail.comments"][data-hydrated="true"]');
    const averageBefore = await page.textContent('.average-value');
    const countBefore = await page.locator('.comment').count();
    await page.click('.comment-form button[type=submit]');
    await page.waitForTimeout(300);
    expect(await page.locator('.comment').count()).to.equal(countBefore);
    await page.check('.star-input input[value="1"]');
    await page.fill('.comment-form textarea', 'Not great this time.\nI will come back.');
    await page.click('.comment-form button[type=submit]');
    await page.waitForFunction((n) => document.querySelectorAll('.comment').length === n + 1, countBefore);
    expect(await page.innerHTML('.comment:first-child .comment-body')).to.contain('Not great this time.<br>I will come back.');
    const averageAfter = await page.textContent('.average-value');
    expect(averageAfter).not.to.equal(averageBefore);
    expect(averageAfter).to.match(/^\d\.\d \/ 5$/);
    await page.reload();
    expect(await page.textContent('.average-value')).to.equal(averageAfter);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('has no serious or critical accessibility violations on the home and content pages', async () => {
    const { context, page } = await session();
    for (const path of ['/', '/reviews', '/fr/about-us']) {
      await page.goto(`${tk.url}${path}`);
      const violations = await checkAccessibility(page);
      expect(violations, `${path}\n${describeViolations(violations)}`).to.deep.equal([]);
    }
    await context.close();
  });
});

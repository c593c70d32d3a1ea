import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { MailingSender } from '../server/services/mailing-sender';
import { MailingTokens } from '../server/services/mailing-tokens';
import { listWith, mailingFor } from './support/fixtures';

/** The unsubscribe page in a real browser: it says "saved" only when the save changed something. */
describe('mass_mailing: unsubscribe form in the browser', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let url: string;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    const env = tk.sudo();
    const news = await listWith(env, 'News', ['dora@example.com']);
    const mailingId = await mailingFor(env, [news]);
    await tk.kernel.container.get(MailingSender).queue(env, mailingId);
    const token = (await tk.kernel.container.get(MailingTokens).signer()).unsubscribe(mailingId, 'dora@example.com');
    url = `/mail/mailing/${mailingId}/unsubscribe?${new URLSearchParams({ email: 'dora@example.com', token })}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('saving without a change says nothing changed; unticking then saving says saved', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(tk.url + url);
    await page.locator('[data-island="mass_mailing.unsubscribe_form"][data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.click('.unsubscribe-form button[type=submit]');
    await page.locator('.unsubscribe-form [role=status]:has-text("Nothing changed")').waitFor();
    expect(await page.textContent('.unsubscribe-form [role=status]')).not.to.contain('saved');
    await page.uncheck('.unsubscribe-form input[type=checkbox]');
    await page.click('.unsubscribe-form button[type=submit]');
    await page.locator('.unsubscribe-form [role=status]:has-text("Your changes have been saved.")').waitFor();
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('is in French under /fr', async () => {
    const page = await browser.newPage();
    await page.goto(`${tk.url}/fr${url}`);
    await page.locator('[data-island="mass_mailing.unsubscribe_form"][data-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await page.textContent('h1')).to.equal("Abonnements à la lettre d'information");
    await page.click('.unsubscribe-form button[type=submit]');
    await page.locator(".unsubscribe-form [role=status]:has-text(\"Rien n'a changé\")").waitFor();
    await page.close();
  });
});

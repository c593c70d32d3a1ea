import { expect } from 'chai';
import type { Browser, BrowserContext } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';

/** Deleting a comment asks first: a modal dialog with JavaScript, a confirmation page without. */
describe('website_mail: comments are deleted only after a confirmation', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let aboutId: number;
  let paula: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true });
    aboutId = Number((await tk.sudo().model('website.page').search_read([['url', '=', '/about-us']], ['id']))[0].id);
    await tk.kernel.container.get(UserAccounts).create({ name: 'Paula Portal', login: 'paula@example.com', password: 'paula-pass-123' });
    paula = new RpcClient(tk.url);
    await paula.authenticate('paula@example.com', 'paula-pass-123');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  const signedInContext = async (javaScriptEnabled: boolean): Promise<BrowserContext> => {
    const context = await browser.newContext({ javaScriptEnabled });
    const [name, value] = paula.cookie.split('=');
    await context.addCookies([{ name, value, url: tk.url }]);
    return context;
  };
  const exists = async (id: number) => (await tk.sudo().model('mail.message').search_count([['id', '=', id]])) === 1;
  const postComment = async (text: string) => (await paula.call<{ id: number }>('/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: text })).id;

  it('with JavaScript: a modal asks; cancel keeps the comment, confirm deletes it', async () => {
    const id = await postComment('Delete me with a dialog');
    const context = await signedInContext(true);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/about-us`);
    await page.locator('[data-island="website_mail.comments"][data-hydrated="true"]').waitFor();
    const item = page.locator(`#message-${id}`);
    await item.locator('button:has-text("Delete")').click();
    await page.locator('dialog.confirm-dialog[open]:has-text("Delete this comment?")').waitFor();
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await page.click('dialog.confirm-dialog button:has-text("Cancel")');
    await page.locator('dialog.confirm-dialog').waitFor({ state: 'detached' }); // removed on its (asynchronous) close event
    expect(await exists(id)).to.equal(true);
    expect(await item.count()).to.equal(1);

    await item.locator('button:has-text("Delete")').click();
    await page.click('dialog.confirm-dialog button.btn-danger');
    await item.waitFor({ state: 'detached' });
    expect(await exists(id)).to.equal(false);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('without JavaScript: the button opens a confirmation page whose button deletes', async () => {
    const id = await postComment('Delete me without scripts');
    const context = await signedInContext(false);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${tk.url}/fr/about-us`);
    await Promise.all([page.waitForNavigation(), page.click(`#message-${id} button:has-text("Supprimer")`)]);
    expect(new URL(page.url()).pathname).to.equal(`/fr/website_mail/message/${id}/delete`);
    expect(await page.textContent('h1')).to.equal('Supprimer ce commentaire ?');
    expect(await page.textContent('blockquote')).to.contain('Delete me without scripts');
    expect(await exists(id)).to.equal(true);
    await Promise.all([page.waitForNavigation(), page.click('button:has-text("Supprimer le commentaire")')]);
    expect(new URL(page.url()).pathname).to.equal('/fr/about-us');
    expect(await exists(id)).to.equal(false);
    await context.close();
  });

  it('the confirmation page is only for the author and moderators', async () => {
    const id = await postComment('Not yours');
    await tk.kernel.container.get(UserAccounts).create({ name: 'Quentin Portal', login: 'quentin@example.com', password: 'quentin-pass-123' });
    const quentin = new RpcClient(tk.url);
    await quentin.authenticate('quentin@example.com', 'quentin-pass-123');
    expect((await quentin.get(`/website_mail/message/${id}/delete`)).status).to.equal(403);
    expect((await new RpcClient(tk.url).get(`/website_mail/message/${id}/delete`)).status).to.equal(302);
    expect(await exists(id)).to.equal(true);
  });
});

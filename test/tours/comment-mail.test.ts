import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { SmtpSink } from '@modules/mass_mailing/test/support';
import { CommentNotifier } from '@modules/website_mail';
import { bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../support/browser';

/**
 * Tour: a visitor follows a page from the follow box and confirms it from the mail, someone comments, the follower receives the
 * comment at a real SMTP server, and the mail's unfollow link (a confirmation page whose button posts)
 * stops the follow.
 */
describe('tour: a follower receives the comment e-mail', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let browser: Browser;

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true, config: { smtpUrl: sink.url } });
    // The site's public base URL is where mails point (here the test server itself, so the link can be followed).
    await tk.sudo().db('website').update({ base_url: tk.url });
    await tk.kernel.container.get(UserAccounts).create({ name: 'Carla Commenter', login: 'carla@example.com', password: 'carla-pass-123' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
    await sink?.stop();
  });

  it('follow from the page, get the comment by mail, unfollow from the mail', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/about-us`);
    const box = page.locator('[data-island="website_mail.follow"][data-hydrated="true"]');
    await box.waitFor();
    await box.locator('input[type=email]').fill('follower@example.com');
    await box.locator('button[type=submit]').click();
    // Nothing follows yet: the address's owner confirms with the link mailed to it.
    await box.locator('text=Check your inbox to confirm').waitFor();
    const confirmation = sink.received.find((m) => m.to === 'follower@example.com')!;
    expect(confirmation.parsed!.subject).to.equal('Confirm that you want to follow About us');
    const confirmLink = /href="([^"]+\/website_mail\/follow\/confirm\?[^"]+)"/.exec(String(confirmation.parsed!.html))![1].replace(/&amp;/g, '&');
    expect(confirmLink.startsWith(`${tk.url}/website_mail/follow/confirm?`)).to.equal(true);
    await page.goto(confirmLink);
    await page.locator('h1:has-text("Follow this page?")').waitFor();
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await Promise.all([page.waitForNavigation(), page.click('button:has-text("Confirm: follow it")')]);
    await page.locator('h1:has-text("You are following this page")').waitFor();
    await page.goto(`${tk.url}/about-us`);
    await box.locator('text=You are following this page.').waitFor();

    const carla = new RpcClient(tk.url);
    await carla.authenticate('carla@example.com', 'carla-pass-123');
    const aboutId = Number((await tk.sudo().model('website.page').search_read([['url', '=', '/about-us']], ['id']))[0].id);
    await carla.call('/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: 'Lovely page!' });
    await tk.kernel.container.get(CommentNotifier).kick();
    const deadline = Date.now() + 10_000;
    const commentMail = () => sink.received.find((m) => m.to === 'follower@example.com' && m !== confirmation);
    while (!commentMail() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const mail = commentMail()!;
    expect(mail, 'the follower got a mail').to.exist;
    expect(sink.received.filter((m) => m.to === 'carla@example.com')).to.have.length(0);
    expect(mail.parsed!.subject).to.equal('New comment on About us');
    expect(mail.parsed!.text).to.contain('Carla Commenter wrote:').and.contain('Lovely page!');
    const unfollow = /href="([^"]+\/website_mail\/unfollow\?[^"]+)"/.exec(String(mail.parsed!.html))![1].replace(/&amp;/g, '&');
    expect(unfollow.startsWith(`${tk.url}/website_mail/unfollow?`)).to.equal(true);
    expect(mail.parsed!.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).to.contain('/website_mail/unfollow?');

    // Opening the link (as a mail scanner would) changes nothing; the button does.
    await page.goto(unfollow);
    await page.locator('h1:has-text("Stop following this page?")').waitFor();
    expect(await tk.sudo().model('mail.followers').search_count([['res_id', '=', aboutId], ['partner_id.email', '=', 'follower@example.com']])).to.equal(1);
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await Promise.all([page.waitForNavigation(), page.click('button:has-text("Stop following")')]);
    await page.locator('h1:has-text("You no longer follow this page")').waitFor();
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(await tk.sudo().model('mail.followers').search_count([['res_id', '=', aboutId], ['partner_id.email', '=', 'follower@example.com']])).to.equal(0);
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

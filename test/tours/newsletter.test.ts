import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { MailingSender } from '@modules/mass_mailing/test/support';
import { givePostalAddress, SmtpSink } from '@modules/mass_mailing/test/support';
import { bootTestKernel, type TestKernel } from '../support/harness';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../support/browser';

/**
 * Tour of the newsletter: subscribe from the widget and confirm from the received mail, meet the exit
 * popup, unsubscribe from a received mail.
 */
describe('tour: newsletter', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let browser: Browser;
  let listId: number;

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: sink.url } });
    const env = tk.sudo();
    await env.db('ir_config_parameter').insert({ key: 'web.base.url', value: tk.url });
    listId = await env.model('mail.mass_mailing.list').create({
      name: 'Monthly news', popup_content: '<p class="popup-pitch">Before you go: get our monthly news.</p>', popup_redirect_url: '/',
    });
    await env.model('mail.mass_mailing.list').create({ name: 'Offers' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
    await sink?.stop();
  });

  const contacts = (email: string) => tk.sudo().model('mail.mass_mailing.contact').search_count([['email', '=', email]]);

  it('subscribes from the widget: a malformed address is marked and not sent; then the field is disabled until the mailed link confirms it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/newsletter`);
    const widget = page.locator(`[data-island="mass_mailing.subscribe"][data-hydrated="true"]:has(#newsletter-email-${listId})`);
    await widget.waitFor();
    expect(describeViolations(await checkAccessibility(page))).to.equal('');

    await widget.locator('input[type=email]').fill('not-an-email');
    await widget.locator('button:has-text("Subscribe")').click();
    await widget.locator('input.is-invalid').waitFor();
    expect(await widget.locator('input[type=email]').getAttribute('aria-invalid')).to.equal('true');
    expect(await tk.sudo().model('mail.mass_mailing.contact').search_count()).to.equal(0);

    await widget.locator('input[type=email]').fill('Tour.Reader@Example.com');
    await widget.locator('button:has-text("Subscribe")').click();
    await widget.locator('text=Thanks! Check your inbox to confirm your subscription.').waitFor();
    expect(await widget.locator('input[type=email]').isDisabled()).to.equal(true);
    expect(await widget.locator('button').count()).to.equal(0);
    expect(await contacts('tour.reader@example.com')).to.equal(1);

    // The mailed link opens a page whose button confirms the subscription.
    const mail = sink.received.find((m) => m.to === 'tour.reader@example.com' && m.parsed!.subject === 'Confirm your subscription to Monthly news')!;
    const link = /href="([^"]+)">Confirm my subscription/.exec(String(mail.parsed!.html))![1].replace(/&amp;/g, '&');
    expect(link.startsWith(`${tk.url}/newsletter/confirm?`)).to.equal(true);
    await page.goto(link);
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await page.click('button:has-text("Confirm my subscription")');
    await page.locator('text=Subscription confirmed').waitFor();

    // The session remembers the address: back on the page the widget shows it subscribed.
    await page.goto(`${tk.url}/newsletter`);
    await page.locator(`[data-island="mass_mailing.subscribe"][data-hydrated="true"] #newsletter-email-${listId}[disabled]`).waitFor();
    await page.locator(`[data-island="mass_mailing.subscribe"]:has(#newsletter-email-${listId}) >> text=Thanks for subscribing!`).waitFor();
    expect(await page.inputValue(`#newsletter-email-${listId}`)).to.equal('tour.reader@example.com');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('shows the exit popup once when the mouse leaves the page; subscribing says to confirm, then goes to the redirect URL', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const leave = () => page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, clientX: 300, clientY: -5, relatedTarget: null })));
    await page.goto(`${tk.url}/newsletter`);
    await page.locator('[data-island="mass_mailing.exit_popup"][data-hydrated="true"]').waitFor({ state: 'attached' }); // empty until shown
    await page.waitForLoadState('networkidle'); // get_content answered: the popup is armed
    expect(await page.locator('.newsletter-popup').count()).to.equal(0);
    await leave();
    await page.locator('.newsletter-popup[role=dialog]').waitFor();
    expect(await page.textContent('.newsletter-popup')).to.contain('Before you go: get our monthly news.');
    const cookie = (await context.cookies()).find((c) => c.name === `newsletter_popup_${listId}`);
    expect(cookie?.path).to.equal('/');
    expect(describeViolations(await checkAccessibility(page))).to.equal('');

    // A malformed address keeps it open.
    await page.fill(`#newsletter-popup-email-${listId}`, 'nope');
    await page.click('.newsletter-popup button[type=submit]');
    await page.locator(`#newsletter-popup-email-${listId}.is-invalid`).waitFor();

    await page.fill(`#newsletter-popup-email-${listId}`, 'popup.visitor@example.com');
    await page.click('.newsletter-popup button[type=submit]');
    await page.locator('.newsletter-popup [role=status]:has-text("Check your inbox to confirm your subscription.")').waitFor();
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await Promise.all([page.waitForURL(`${tk.url}/`), page.click('.newsletter-popup button:has-text("Continue")')]);
    expect(await contacts('popup.visitor@example.com')).to.equal(1);

    // Shown once: back on the page, leaving it again shows nothing.
    await page.goto(`${tk.url}/newsletter`);
    await page.locator('[data-island="mass_mailing.exit_popup"][data-hydrated="true"]').waitFor({ state: 'attached' }); // empty until shown
    await page.waitForLoadState('networkidle');
    await leave();
    await page.waitForTimeout(300);
    expect(await page.locator('.newsletter-popup').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('opens the unsubscribe page from a received mail, unticks the list and saves', async () => {
    const env = tk.sudo();
    const mailingId = await env.model('mail.mass_mailing').create({
      subject: 'Monthly news', body_html: '<p>This month: <a href="https://example.com/story">a story</a>.</p>', mailing_list_ids: [[6, 0, [listId]]],
    });
    const sender = tk.kernel.container.get(MailingSender);
    await givePostalAddress(env);
    await sender.queue(env, mailingId);
    await sender.send(env, mailingId);
    const mail = sink.received.find((m) => m.to === 'tour.reader@example.com' && m.parsed!.subject === 'Monthly news')!;
    // Only the confirmed address got the mailing: the one typed in the popup waits for its owner.
    expect(sink.received.filter((m) => m.parsed!.subject === 'Monthly news').map((m) => m.to)).to.deep.equal(['tour.reader@example.com']);
    const footer = /<a href="([^"]+)"[^>]*>Unsubscribe<\/a>/.exec(String(mail.parsed!.html))![1].replace(/&amp;/g, '&');

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(footer);
    await page.locator('[data-island="mass_mailing.unsubscribe_form"][data-hydrated="true"]').waitFor();
    expect(await page.isChecked(`#list-${listId}`)).to.equal(true);
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    await page.uncheck(`#list-${listId}`);
    await page.click('button:has-text("Save")');
    await page.locator('text=Your changes have been saved.').waitFor();
    const [sub] = await env.model('mail.mass_mailing.subscription').search_read([['contact_id.email', '=', 'tour.reader@example.com'], ['list_id', '=', listId]], ['opt_out']);
    expect(sub.opt_out).to.equal(true);
    expect((await sender.statistics(env, mailingId)).unsubscribed).to.equal(1);

    // A tampered link cannot save anything.
    await page.goto(footer.replace(/token=([0-9a-f])/, (_m, c: string) => `token=${c === '0' ? '1' : '0'}`));
    expect(await page.locator('[data-island="mass_mailing.unsubscribe_form"]').count()).to.equal(0);
    expect(errors.filter((e) => !e.includes('403'))).to.deep.equal([]);
    await context.close();
  });
});

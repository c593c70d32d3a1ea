import { expect } from 'chai';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { MailTransport } from '@platform/mail';
import { listWith } from '@modules/mass_mailing/test/support';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';

const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';

/**
 * Mail set-up as a site owner meets it, without an SMTP server: the back office's banner says mails
 * wait in the outbox; the Mail settings name the senders, the postal address and the colour (the
 * schema speaks under a field), a test mail reports where it went; the outbox lists what waits and a
 * retry says why it cannot be sent; the mailing composer previews the branded copy. Each at 375 and
 * 1280 px, axe clean.
 */
describe('tour: mail set-up (settings, outbox, branded preview)', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  async function shots(name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await checkAccessibility(page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/mail-setup-${name}-${width}.png`, fullPage: true });
    }
  }

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    const env = tk.sudo();
    await env.db('ir_config_parameter').insert({ key: 'web.base.url', value: tk.url });
    const [siteId] = await env.model('website').search([], { order: 'id', limit: 1 });
    const logo = await sharp({ create: { width: 160, height: 48, channels: 3, background: '#1b6e5a' } }).png().toBuffer();
    await env.model('website').write([siteId], { name: 'Harbour', logo: logo.toString('base64') });
    await listWith(env, 'Harbour readers', ['reader@example.com']);
    await tk.kernel.container.get<MailTransport>(MailTransport).send({
      from: 'noreply@localhost', to: 'customer@example.com', subject: 'Your order S00001 is confirmed', html: '<p>Thanks</p>', messageId: '<order-1@site>',
    });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    errors = watchErrors(page);
    await signInBackoffice(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });
  afterEach(() => {
    expect(errors, errors.join('\n')).to.deep.equal([]);
  });

  it('warns that no mail server is configured, and saves the mail settings checked by their schema', async () => {
    await page.waitForSelector('.mail-no-smtp:has-text("No mail server is configured.")');
    expect(await page.textContent('.mail-no-smtp .mail-waiting')).to.equal('1');
    await page.click('[data-menu="mail.app"]');
    await page.click('[data-menu="mail.settings"]');
    await page.waitForSelector('#mail-newsletter_from_email');
    await page.fill('#mail-newsletter_from_name', 'Harbour News');
    await page.fill('#mail-newsletter_from_email', 'news@harbour');
    await page.locator('#mail-newsletter_from_email').blur();
    await page.waitForSelector('#mail-newsletter_from_email.is-invalid + .invalid-feedback:text-is("Please enter a valid e-mail address.")');
    await page.fill('#mail-newsletter_from_email', 'news@harbour.example');
    await page.fill('#mail-system_from_name', 'Harbour');
    await page.fill('#mail-system_from_email', 'hello@harbour.example');
    await page.fill('#mail-postal_address', '12 Harbour Street\nSpringfield');
    await page.fill('#mail-brand_color', '#1b6e5a');
    await page.click('button:has-text("Save the mail settings")');
    await page.waitForSelector('.alert-success:has-text("The mail settings have been saved.")');
    const [param] = await tk.sudo().db('ir_config_parameter').where({ key: 'mail.default.from' }).pluck('value');
    expect(param).to.equal('"Harbour" <hello@harbour.example>');

    await page.fill('#mail-test-to', 'owner@harbour.example');
    await page.click('button:has-text("Send test mail")');
    await page.waitForSelector('.mail-test-result .alert-info:has-text("waits in the outbox")');
    await shots('settings');
  });

  it('lists the outbox; a retry explains that no server is configured', async () => {
    await page.click('[data-menu="mail.outbox"]');
    await page.waitForSelector('.mail-log-rows li');
    expect(await page.locator('.mail-log-rows .mail-log-to').allTextContents()).to.deep.equal(['owner@harbour.example', 'customer@example.com']);
    await page.locator('.mail-log-rows li').nth(1).locator('button:has-text("Retry")').click();
    await page.waitForSelector('.alert-danger:has-text("No mail server is configured (SMTP_URL)")');
    await shots('outbox');
  });

  it('previews a mailing in the site\'s branded template', async () => {
    await page.click('[data-menu="mass_mailing.app"]');
    await page.click('[data-menu="mass_mailing.mailings"]');
    await page.click('button:has-text("New")');
    await page.waitForSelector('#mailing-subject');
    await page.fill('#mailing-subject', 'Spring at the harbour');
    await page.fill('#mailing-lists', 'Harbour');
    await page.click('[role=option]:has-text("Harbour readers")');
    await page.click('.ProseMirror');
    await page.keyboard.type('The boats are back.');
    await page.click('form[aria-label=Mailing] button[type=submit]');
    await page.waitForURL(/view=form&id=\d+/);
    await page.click('button:has-text("Preview")');
    const frame = page.frameLocator('iframe.mailing-preview');
    await frame.locator('text=The boats are back.').waitFor();
    expect(await frame.locator('.mailing-brand img[alt="Harbour"]').count()).to.equal(1);
    expect(await frame.locator('.mailing-address').innerText()).to.contain('12 Harbour Street').and.contain('Unsubscribe');
    expect(await page.textContent('.mailing-composer .card p.small')).to.contain('"Harbour News" <news@harbour.example>');
    await page.locator('iframe.mailing-preview').scrollIntoViewIfNeeded();
    await shots('preview');
  });
});

import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { givePostalAddress, SmtpSink } from '@modules/mass_mailing/test/support';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';

const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';

/**
 * The Newsletter app of the back office as a newsletter user works with it: import 1,000 contacts
 * from a CSV file into a list and read the report, compose a mailing in the editor, preview it, send
 * a test, send it and watch the progress (over the bus) reach 100% (also across a reload in the
 * middle), then read its statistics.
 */
describe('tour: newsletter back office', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let listId: number;
  let mailingId: number;

  async function noViolations(p: Page): Promise<void> {
    const violations = await checkAccessibility(p);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  }
  /** The screen at phone and desktop widths, for a person to look at; axe at both. */
  async function shots(name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await noViolations(page);
      await page.screenshot({ path: `${SHOTS}/newsletter-bo-${name}-${width}.png`, fullPage: true });
    }
  }

  before(async () => {
    sink = await new SmtpSink({ parse: false }).start();
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: sink.url } });
    const env = tk.sudo();
    await env.db('ir_config_parameter').insert({ key: 'web.base.url', value: tk.url });
    listId = await env.model('mail.mass_mailing.list').create({ name: 'Tour readers' });
    // A mailing is sent only from a site with a postal address (its footer shows it).
    await givePostalAddress(env);
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await signInBackoffice(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
    await sink?.stop();
  });
  afterEach(() => {
    expect(errors, errors.join('\n')).to.deep.equal([]);
  });

  it('imports 1,000 contacts from a CSV file into a list, with a progress bar and the report of refused lines', async () => {
    await page.click('[data-menu="mass_mailing.app"]');
    await page.click('[data-menu="mass_mailing.lists"]');
    await page.waitForURL(/model=mail\.mass_mailing\.list&view=list/);
    await page.click('.backoffice-list tbody tr a:has-text("Tour readers")');
    await page.waitForSelector('#import-file');
    const lines = ['name;email', ...Array.from({ length: 1000 }, (_, i) => `Reader ${i};reader${i}@example.com`), 'Nobody;', 'Broken;broken@', 'Again;READER7@example.com'];
    await page.setInputFiles('#import-file', { name: 'readers.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n'), 'utf8') });
    const started = Date.now();
    await page.click('button:has-text("Import")');
    await page.waitForSelector('.import-report');
    const ms = Date.now() - started;
    expect(await page.getAttribute('[aria-label="Import progress"]', 'aria-valuenow')).to.equal('100');
    expect(await page.textContent('.import-added')).to.equal('1000');
    expect(await page.textContent('.import-refused')).to.equal('3');
    expect(await page.locator('.import-refusals tbody tr').allTextContents()).to.deep.equal([
      '1002Missing e-mail', '1003broken@Invalid e-mail', '1004reader7@example.comDuplicate in the file',
    ]);
    console.log(`      1,000 contacts imported from the browser in ${ms} ms`);
    expect(ms).to.be.below(5000);
    expect(await tk.sudo().model('mail.mass_mailing.subscription').search_count([['list_id', '=', listId]])).to.equal(1000);
    // The list's form is read again: its number of subscribers is current.
    await page.waitForSelector('[data-field=contact_nbr]:has-text("1000"), #field-contact_nbr[value="1000"]');
    await shots('import');
  });

  it('composes a mailing in the editor, previews it and sends a test', async () => {
    await page.click('[data-menu="mass_mailing.mailings"]');
    await page.waitForURL(/model=mail\.mass_mailing&view=list/);
    await page.click('button:has-text("New")');
    await page.waitForSelector('#mailing-subject');
    // The composer's schema (the server's e-mail rule) speaks under the fields before anything is saved.
    await page.fill('#mailing-from', 'news@example');
    // Leaving the field shows its message (before the click: the message moves the button down).
    await page.locator('#mailing-from').blur();
    await page.waitForSelector('#mailing-from.is-invalid + .invalid-feedback:text-is("Please enter a valid e-mail address.")');
    await page.click('form[aria-label=Mailing] button[type=submit]');
    await page.waitForSelector('#mailing-subject.is-invalid + .invalid-feedback:text-is("Give the mailing a subject.")');
    await shots('compose-messages');
    expect(await tk.sudo().model('mail.mass_mailing').search_count([])).to.equal(0);
    await page.fill('#mailing-subject', 'Tour news');
    await page.fill('#mailing-from', 'news@example.com');
    await page.waitForSelector('#mailing-from.is-invalid', { state: 'detached' });
    await page.fill('#mailing-lists', 'Tour');
    await page.click('[role=option]:has-text("Tour readers")');
    await page.click('.ProseMirror');
    await page.keyboard.type('Hello readers, here is our news.');
    await page.click('form[aria-label=Mailing] button[type=submit]');
    await page.waitForURL(/view=form&id=\d+/);
    mailingId = Number(/id=(\d+)/.exec(page.url())![1]);
    await page.waitForSelector('#mailing-test-to');
    await page.waitForSelector('.breadcrumb-item.active:text-is("Tour news")');
    const [saved] = await tk.sudo().model('mail.mass_mailing').read([mailingId], ['subject', 'email_from', 'body_html', 'mailing_list_ids']);
    expect(saved).to.deep.include({ subject: 'Tour news', email_from: 'news@example.com', mailing_list_ids: [listId] });
    expect(saved.body_html).to.contain('Hello readers, here is our news.');

    await page.click('button:has-text("Preview")');
    const frame = page.frameLocator('iframe.mailing-preview');
    await frame.locator('text=Hello readers').waitFor();
    expect(await frame.locator('a:has-text("Unsubscribe")').count()).to.equal(1);

    await page.fill('#mailing-test-to', 'not-an-address');
    await page.click('form[aria-labelledby=test-title] button[type=submit]');
    await page.waitForSelector('#mailing-test-to.is-invalid');
    await page.fill('#mailing-test-to', 'tester@example.com');
    await page.click('form[aria-labelledby=test-title] button[type=submit]');
    await page.waitForSelector('.alert-success:has-text("Test sent to tester@example.com")');
    expect(sink.received.map((m) => m.to)).to.deep.equal(['tester@example.com']);
    expect(sink.received[0].raw).to.contain('Subject: [TEST] Tour news');
    await shots('compose');
  });

  it('sends it and watches the progress reach 100%, also after a reload in the middle', async () => {
    sink.received.length = 0;
    // The SMTP server holds its answers once 400 messages are in, so the sending stops half-way for a while.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    sink.responder = async () => {
      if (sink.received.length >= 400) await held;
      return undefined;
    };
    await page.click('button:has-text("Send to the lists")');
    await noViolations(page);
    await page.click('[role=alertdialog] button:has-text("Send now")');
    await page.waitForFunction(() => Number(document.querySelector('.mailing-progress')?.getAttribute('aria-valuenow')) >= 30);
    await page.reload();
    await page.waitForSelector('.mailing-progress');
    const middle = Number(await page.getAttribute('.mailing-progress', 'aria-valuenow'));
    expect(middle).to.be.within(30, 99);
    expect(await page.textContent('.mailing-state')).to.equal('Sending');
    await shots('sending');
    release();
    await page.waitForSelector('.mailing-progress[aria-valuenow="100"]', { timeout: 20_000 });
    await page.waitForSelector('.mailing-state:text-is("Sent")');
    expect(await page.textContent('.mailing-progress-text')).to.contain('1000 / 1000');
    expect(sink.received).to.have.length(1000);
  });

  it('shows the statistics of the mailing as a chart and as numbers', async () => {
    // Two readers open the mail, one clicks its unsubscribe link's page is not needed: opens are enough here.
    const rows: Array<{ id: number }> = await tk.sudo().db('mail_mass_mailing_recipient').where({ mailing_id: mailingId }).orderBy('id').limit(2).select('id');
    const html = sink.received.map((m) => m.raw).join('\n');
    for (const r of rows) {
      const m = new RegExp(`/mail/track/${r.id}/([0-9a-f]+)/blank\\.gif`).exec(html.replace(/=\r?\n/g, ''));
      expect(m, `pixel of recipient ${r.id}`).to.not.equal(null);
      await fetch(`${tk.url}/mail/track/${r.id}/${m![1]}/blank.gif`);
    }
    await page.reload();
    await page.waitForSelector('.mailing-figures');
    await page.waitForSelector('.mailing-chart .apexcharts-canvas');
    const figure = async (name: string) => (await page.textContent(`.mailing-figures tr[data-figure=${name}] td`))!.trim();
    expect(await figure('sent')).to.equal('1000');
    expect(await figure('delivered')).to.equal('1000');
    expect(await figure('opened')).to.equal('2');
    expect(await figure('clicked')).to.equal('0');
    expect(await figure('bounced')).to.equal('0');
    expect(await figure('unsubscribed')).to.equal('0');
    await shots('statistics');
  });
});

import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { RpcClient } from '../support/rpc-client';

const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';

/**
 * Back-office forms and lists read on a phone and a desktop: a short link's clicks are read-only
 * statistics (text, a count, the way to the statistics page; nothing to edit or delete), one2many
 * lines name their inputs, and tables that scroll sideways can be reached from the keyboard.
 */
describe('tour: back-office statistics and lists, accessible', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let linkId: number;
  let contactId: number;

  async function expectClean(name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await checkAccessibility(page);
      expect(violations, `${name} at ${width}px:\n${describeViolations(violations)}`).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/backoffice-${name}-${width}.png`, fullPage: true });
    }
  }
  async function open(hash: string): Promise<void> {
    await page.goto(`${tk.url}/web${hash}`);
    await page.waitForSelector('#backoffice-main h1');
  }

  before(async () => {
    tk = await bootTestKernel({ modules: ['link_tracker', 'mass_mailing'], http: true });
    const env = tk.sudo();
    linkId = await env.model('link.tracker').create({ url: 'https://example.com/spring-sale', title: 'Spring sale', code: 'spring' });
    const [fr] = await env.model('res.country').search([['code', '=', 'FR']]);
    await env.model('link.tracker.click').create(Array.from({ length: 45 }, (_, i) => ({ link_id: linkId, ip: `203.0.113.${i + 1}`, country_id: fr })));
    const list = await env.model('mail.mass_mailing.list').create({ name: 'Spring readers' });
    contactId = await env.model('mail.mass_mailing.contact').create({ email: 'reader@example.com', name: 'Reader', subscription_ids: [[0, 0, { list_id: list }]] });
    for (let i = 0; i < 3; i++) await env.model('mail.mass_mailing').create({ subject: `A rather long mailing subject number ${i}` });
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

  it('shows a link\'s clicks as read-only statistics: text, a count and the statistics page, nothing to delete', async () => {
    await open(`#menu=link_tracker.links&model=link.tracker&view=form&id=${linkId}`);
    await page.waitForSelector('.one2many-readonly');
    const clicks = page.locator('[data-field=link_click_ids]');
    expect(await clicks.locator('input, button, select, textarea').count()).to.equal(0);
    expect(await clicks.locator('tbody tr').count()).to.equal(20);
    expect(await clicks.locator('tbody tr').first().textContent()).to.match(/203\.0\.113\.\d+France$/);
    expect(await clicks.locator('.one2many-count').textContent()).to.equal('20 / 45 lines shown');
    expect(await page.getAttribute('a.link-statistics', 'href')).to.equal('/r/spring+');
    await expectClean('link-form');
    // The server refuses the edit the form no longer offers.
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const [clickId] = await tk.sudo().model('link.tracker.click').search([['link_id', '=', linkId]], { limit: 1 });
    const answer = await admin.rpc('/web/dataset/call_kw', { model: 'link.tracker', method: 'write', args: [[linkId], { link_click_ids: [[2, clickId]] }], kwargs: {} });
    expect(answer.error?.data.message).to.contain('read-only');
    expect(await tk.sudo().model('link.tracker.click').search_count([['link_id', '=', linkId]])).to.equal(45);
    // Saving the form (title changed) leaves the clicks alone.
    await page.fill('#field-title', 'Spring sale 2026');
    await page.click('button:has-text("Save")');
    await page.waitForSelector('.alert-success');
    expect(await tk.sudo().model('link.tracker.click').search_count([['link_id', '=', linkId]])).to.equal(45);
  });

  it('names every input of a contact\'s subscription lines', async () => {
    await open(`#menu=mass_mailing.contacts&model=mail.mass_mailing.contact&view=form&id=${contactId}`);
    await page.waitForSelector('[data-field=subscription_ids] tbody tr');
    expect(await page.getAttribute('#subscription_ids-0-list_id', 'aria-label')).to.equal('List (line 1)');
    await expectClean('contact-form');
  });

  it('lets the keyboard reach lists that scroll sideways on a phone', async () => {
    await open('#menu=mass_mailing.mailings&model=mail.mass_mailing&view=list');
    await page.waitForSelector('.backoffice-list tbody tr');
    const region = page.locator('[role=region]:has(.backoffice-list)');
    expect(await region.getAttribute('tabindex')).to.equal('0');
    expect(await region.getAttribute('aria-label')).to.equal('Mailings');
    await expectClean('mailing-list');
    await open('#menu=link_tracker.links&model=link.tracker&view=list');
    await page.waitForSelector('.backoffice-list tbody tr');
    await expectClean('link-list');
  });
});

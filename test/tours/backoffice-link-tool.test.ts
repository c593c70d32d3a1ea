import { expect } from 'chai';
import type { Browser, Dialog, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, signInBackoffice, watchErrors } from '../support/browser';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';

const SHOTS = process.env.TOUR_SCREENSHOTS ?? '/tmp';

/**
 * The editor's link tool inside back-office forms (the mailing composer, a page's generic form):
 * applying a link with Enter or with Apply neither submits nor reloads anything, so what was typed
 * stays; and a form with unsaved changes asks before the user leaves it (in the app or the browser).
 */
describe('tour: link tool and unsaved changes in back-office forms', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let pageId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    await tk.sudo().model('mail.mass_mailing.list').create({ name: 'Link readers' });
    pageId = await tk.sudo().model('website.page').create({ name: 'Our offer', url: '/our-offer', content: '<p>Old text</p>' });
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

  /** Selects `word` in the editor and links it to `href`, applied with Enter or with the Apply button. */
  async function link(word: string, href: string, how: 'Enter' | 'Apply'): Promise<void> {
    // The word selected as a user's double click would. ProseMirror takes the document's selection into
    // its own state on the 'selectionchange' event, a task after the change: a listener added now runs
    // after the editor's (added when it was made) in that same dispatch, so once it has run the editor
    // holds the word. Clicking Link before that (a busy machine) linked the word selected before.
    await page.evaluate(`new Promise((resolve, reject) => {
      const walker = document.createTreeWalker(document.querySelector('.ProseMirror'), NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.indexOf(${JSON.stringify(word)});
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + ${word.length});
        document.querySelector('.ProseMirror').focus();
        const taken = () => {
          if (getSelection().toString() !== ${JSON.stringify(word)}) return;
          document.removeEventListener('selectionchange', taken);
          resolve();
        };
        document.addEventListener('selectionchange', taken);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        return;
      }
      reject(new Error('word not found'));
    })`);
    await page.click('.rte-toolbar button[title=Link]');
    await page.fill('.rte-link-form input', href);
    if (how === 'Enter') await page.press('.rte-link-form input', 'Enter');
    else await page.click('.rte-link-form button:has-text("Apply")');
    await page.waitForSelector(`.ProseMirror a[href="${href}"]:has-text("${word}")`);
  }

  it('keeps the mailing composer as typed when a link is applied with Enter and with Apply', async () => {
    await page.goto(`${tk.url}/web#menu=mass_mailing.mailings&model=mail.mass_mailing&view=form`);
    await page.waitForSelector('#mailing-subject');
    await page.fill('#mailing-subject', 'Linked news');
    await page.fill('#mailing-lists', 'Link');
    await page.click('[role=option]:has-text("Link readers")');
    await page.click('.ProseMirror');
    await page.keyboard.type('Read our blog');
    const url = page.url();
    await link('blog', 'https://example.com/blog', 'Enter');
    await link('Read', '/contact', 'Apply');
    expect(page.url()).to.equal(url);
    expect(await page.inputValue('#mailing-subject')).to.equal('Linked news');
    expect(await page.locator('[data-field=mailing_list_ids]').textContent()).to.contain('Link readers');
    expect(await page.locator('.ProseMirror').textContent()).to.equal('Read our blog');
    // Nothing was submitted behind the user's back either.
    expect(await tk.sudo().model('mail.mass_mailing').search_count([])).to.equal(0);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await checkAccessibility(page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/backoffice-link-tool-${width}.png`, fullPage: true });
    }
  });

  it('asks before leaving the composer with unsaved changes, and keeps them when the user stays', async () => {
    // Still the composer of the previous test, unsaved: the app's menu asks first.
    await page.click('[data-menu="mass_mailing.lists"]');
    await page.waitForSelector('dialog.confirm-dialog');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const violations = await checkAccessibility(page);
      expect(violations, describeViolations(violations)).to.deep.equal([]);
      await page.screenshot({ path: `${SHOTS}/backoffice-leave-confirm-${width}.png` });
    }
    await page.click('dialog.confirm-dialog button:has-text("Stay on this page")');
    await page.locator('dialog.confirm-dialog').waitFor({ state: 'detached' });
    expect(page.url()).to.contain('model=mail.mass_mailing&view=form');
    expect(await page.inputValue('#mailing-subject')).to.equal('Linked news');
    // The browser's own navigation (a reload) asks too; dismissed, nothing is lost.
    const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
    await page.evaluate('setTimeout(() => location.reload())');
    const dialog = await asked;
    expect(dialog.type()).to.equal('beforeunload');
    await dialog.dismiss();
    expect(await page.inputValue('#mailing-subject')).to.equal('Linked news');
    // Saved, it leaves without a question.
    await page.click('form[aria-label=Mailing] button[type=submit]');
    await page.waitForURL(/view=form&id=\d+/);
    await page.waitForSelector('#mailing-test-to');
    await page.click('[data-menu="mass_mailing.lists"]');
    await page.waitForURL(/model=mail\.mass_mailing\.list&view=list/);
    const [saved] = await tk.sudo().model('mail.mass_mailing').search_read([], ['subject', 'body_html']);
    expect(saved.subject).to.equal('Linked news');
    expect(saved.body_html).to.match(/<a href="\/contact"[^>]*>Read<\/a>/).and.match(/<a href="https:\/\/example\.com\/blog"[^>]*>blog<\/a>/);
  });

  it('keeps a page\'s generic form as typed when a link is applied, and asks before leaving it unsaved', async () => {
    await page.goto(`${tk.url}/web#menu=website.pages&model=website.page&view=form&id=${pageId}`);
    await page.waitForSelector('.ProseMirror');
    await page.fill('#field-name', 'Our new offer');
    await page.click('.ProseMirror');
    await page.keyboard.press('End');
    await page.keyboard.type(' and more');
    const url = page.url();
    await link('more', '/contact', 'Enter');
    await link('Old', 'https://example.com/old', 'Apply');
    expect(page.url()).to.equal(url);
    expect(await page.inputValue('#field-name')).to.equal('Our new offer');
    expect(await page.locator('.ProseMirror').textContent()).to.equal('Old text and more');
    // Enter in the link field did not save the record either.
    const [stored] = await tk.sudo().model('website.page').read([pageId], ['name', 'content']);
    expect(stored).to.deep.include({ name: 'Our offer', content: '<p>Old text</p>' });

    // The breadcrumb asks; staying keeps the changes, leaving drops them.
    await page.click('.breadcrumb a:has-text("Pages")');
    await page.waitForSelector('dialog.confirm-dialog');
    await page.click('dialog.confirm-dialog button:has-text("Stay on this page")');
    expect(await page.inputValue('#field-name')).to.equal('Our new offer');
    // The browser's back button too: the screen stays, with its hash.
    await page.goBack();
    await page.waitForSelector('dialog.confirm-dialog');
    expect(page.url()).to.equal(url);
    await page.click('dialog.confirm-dialog button:has-text("Stay on this page")');
    expect(await page.inputValue('#field-name')).to.equal('Our new offer');
    await page.click('.breadcrumb a:has-text("Pages")');
    await page.click('dialog.confirm-dialog button:has-text("Leave without saving")');
    await page.waitForURL(/model=website\.page&view=list/);
    expect((await tk.sudo().model('website.page').read([pageId], ['name']))[0].name).to.equal('Our offer');
    // Nothing unsaved any more: the browser does not ask on a reload.
    await page.reload();
    await page.waitForSelector('.backoffice-list');
  });
});

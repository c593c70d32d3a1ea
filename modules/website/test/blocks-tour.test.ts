import { expect } from 'chai';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { AttachmentStore } from '@platform/base';
import { BLOCK_CATALOG } from '../web/blocks/block-catalog';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../../../test/support/browser';

const block = (id: string) => BLOCK_CATALOG.find((b) => b.id === id)!.html((s) => s);

/**
 * A designer works on a page's blocks: selects one, moves it by mouse and keyboard, duplicates and
 * removes one, sets its options (background colour and a picture from the media library, alignment),
 * inserts a library image, saves, and restores an earlier version from the page's history; at 1280
 * and 375 px, axe clean at each step.
 */
describe('tour: blocks as blocks', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  let browser: Browser;
  let pageId: number;
  const original = block('website.features') + block('website.call_to_action') + block('website.text_image');

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    [pageId] = await tk.sudo().model('website.page').search([['url', '=', '/about-us']]);
    await tk.sudo().model('website.page').write([pageId], { content: original });
    const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 20, g: 90, b: 140 } } }).jpeg().toBuffer();
    await tk.kernel.container.get(AttachmentStore).storeImage(tk.sudo(), { name: 'harbour-view.jpg', bytes: photo, public: true, websiteId: 1 });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  async function expectAccessible(page: Page, what: string): Promise<void> {
    const violations = await checkAccessibility(page);
    expect(violations, `${what}:\n${describeViolations(violations)}`).to.deep.equal([]);
  }
  const order = (page: Page) => page.$$eval('.ProseMirror > section', (all) => all.map((s) => s.className.split(' ')[0]));
  const openEditor = async (page: Page) => {
    await page.goto(`${tk.url}/about-us?enable_editor=1`);
    await page.waitForSelector('[data-island="website.page_editor"][data-hydrated="true"] .ProseMirror');
  };

  it('selects, moves, duplicates, removes and configures blocks; saves; restores from history (1280 and 375 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD, then: '/' });
    await openEditor(page);
    expect(await order(page)).to.deep.equal(['block-features', 'block-cta', 'block-text-image']);

    // Selecting: a click in the call to action makes it the block of the toolbar, outlined.
    await page.click('.ProseMirror .block-cta h2');
    await page.waitForSelector('.block-toolbar [role=toolbar][aria-label="Block: Call to action"]');
    expect(await page.getAttribute('.ProseMirror .block-cta', 'class')).to.contain('block-selected');
    await expectAccessible(page, 'block selected');

    // Moving by mouse, then by keyboard (the shortcut is announced on the button).
    await page.click('.block-toolbar .block-up');
    expect(await order(page)).to.deep.equal(['block-cta', 'block-features', 'block-text-image']);
    expect(await page.getAttribute('.block-toolbar .block-down', 'aria-keyshortcuts')).to.equal('Alt+Shift+ArrowDown');
    await page.click('.ProseMirror .block-cta h2');
    await page.keyboard.press('Alt+Shift+ArrowDown');
    expect(await order(page)).to.deep.equal(['block-features', 'block-cta', 'block-text-image']);
    await page.waitForFunction(() => document.querySelector('.block-toolbar [role=status]')?.textContent === 'Call to action moved down.');

    // Alt+F10 reaches the toolbar; duplicate from there, remove the copy with its key.
    await page.keyboard.press('Alt+F10');
    expect(await page.evaluate(() => document.activeElement?.closest('.block-toolbar') !== null)).to.equal(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.className)).to.contain('block-duplicate');
    await page.keyboard.press('Enter');
    expect(await order(page)).to.deep.equal(['block-features', 'block-cta', 'block-cta', 'block-text-image']);
    await page.keyboard.press('Escape');
    // Escape gives the focus back to the text in the next animation frame (tiptap's focus command), so
    // the next key belongs to the text only once it is there.
    await page.waitForFunction(() => document.activeElement?.closest('.ProseMirror') !== null);
    await page.keyboard.press('Alt+Shift+Backspace');
    expect(await order(page)).to.deep.equal(['block-features', 'block-cta', 'block-text-image']);

    // Options: the primary colour as background, then a picture from the media library, text on the right.
    await page.click('.ProseMirror .block-cta h2');
    await page.click('.block-toolbar .block-options');
    await page.waitForSelector('dialog[open] .block-background');
    await expectAccessible(page, 'block options');
    await page.selectOption('dialog[open] .block-background', 'primary');
    await page.check('dialog[open] input[type=radio][value=end]');
    await page.click('dialog[open] .block-background-choose');
    await page.waitForSelector('dialog[open] .media-choice');
    await expectAccessible(page, 'media library');
    await page.fill('dialog[open] .media-search', 'harb');
    await page.waitForFunction(() => document.querySelectorAll('dialog[open] .media-choice').length === 1);
    await page.screenshot({ path: '/tmp/blocks-media-1280.png' });
    await page.click('dialog[open] .media-choice');
    await page.waitForSelector('dialog[open] .block-options-apply');
    expect(await page.inputValue('dialog[open] .block-background')).to.equal('primary');
    await page.click('dialog[open] .block-options-apply');
    const cta = await page.$eval('.ProseMirror .block-cta', (s) => ({ cls: s.className, style: s.getAttribute('style') }));
    expect(cta.cls).to.contain('text-bg-primary').and.contain('text-end').and.contain('block-bg-image').and.not.contain('text-center');
    expect(cta.style).to.match(/background-image: ?url\((['"])\/web\/image\/ir\.attachment\/\d+\/datas\1\)/);

    // The text-and-image block's picture, replaced from the library.
    await page.click('.ProseMirror .block-text-image h2');
    await page.click('.block-toolbar .block-options');
    await page.click('dialog[open] .block-picture-choose');
    await page.click('dialog[open] .media-choice');
    await page.click('dialog[open] .block-options-apply');
    expect(await page.getAttribute('.ProseMirror .block-text-image img', 'src')).to.match(/^\/web\/image\/ir\.attachment\/\d+\/datas$/);
    await page.screenshot({ path: '/tmp/blocks-edit-1280.png', fullPage: true });

    await Promise.all([page.waitForNavigation(), page.click('.btn-save')]);
    expect(await page.getAttribute('.page-content .block-cta', 'style')).to.match(/background-image: ?url\((['"])\/web\/image\/ir\.attachment\/\d+\/datas\1\)/);
    expect(await page.getAttribute('.page-content .block-text-image img', 'src')).to.match(/^\/web\/image\/ir\.attachment\//);
    await page.screenshot({ path: '/tmp/blocks-public-1280.png', fullPage: true });
    await expectAccessible(page, 'saved page');

    // On a phone: the same editor, a library image into the text, history and restore.
    await page.setViewportSize({ width: 375, height: 800 });
    await openEditor(page);
    await page.click('.ProseMirror .block-features h2');
    await page.screenshot({ path: '/tmp/blocks-edit-375.png' });
    await expectAccessible(page, 'editor on a phone');
    await page.click('.rte-toolbar .rte-image');
    await page.click('dialog[open] .media-choice');
    // The text-and-image block's picture has it already; now the text too.
    await page.waitForFunction(() => document.querySelectorAll('.ProseMirror img[alt="harbour view"]').length === 2);
    await Promise.all([page.waitForNavigation(), page.click('.btn-save')]);

    await openEditor(page);
    await page.click('.btn-history');
    await page.waitForSelector('dialog[open] .history-list');
    await page.screenshot({ path: '/tmp/blocks-history-375.png' });
    await expectAccessible(page, 'history');
    expect(await page.locator('dialog[open] .history-list li').count()).to.equal(2);
    // The version before the first save is not in the history (the page was seeded without the editor):
    // restore the first save, without the library image in the text.
    page.once('dialog', (d) => void d.accept());
    await Promise.all([page.waitForNavigation(), page.click('dialog[open] .history-restore')]);
    await page.waitForSelector('[data-island="website.page_editor"][data-hydrated="true"] .ProseMirror');
    expect(await page.$$('.ProseMirror img[alt="harbour view"]')).to.have.length(1);
    expect(await order(page)).to.deep.equal(['block-features', 'block-cta', 'block-text-image']);
    await page.click('.btn-history');
    await page.waitForSelector('dialog[open] .history-list');
    expect(await page.locator('dialog[open] .history-list li').count()).to.equal(3);
    expect(await page.textContent('dialog[open] .history-list li:first-child')).to.contain('restored');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/tmp/blocks-history-1280.png' });
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

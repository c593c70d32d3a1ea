import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../support/browser';
import { bootTestKernel, type TestKernel } from '../support/harness';

describe('tour: gallery lightbox, image zoom and share buttons', function () {
  this.timeout(60000);
  let tk: TestKernel;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    page = await context.newPage();
    errors = watchErrors(page);
    await page.goto(`${tk.url}/gallery`);
    await page.waitForSelector('[data-island="website.gallery"][data-hydrated="true"]');
    await page.waitForSelector('[data-island="website.image_zoom"][data-hydrated="true"]');
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('dialog.gallery-lightbox'));

  it('the gallery page has no serious or critical accessibility violations', async () => {
    const violations = await checkAccessibility(page);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
  });

  it('opens the lightbox at 80% of the window, keeps focus inside, browses with arrows, closes with Escape', async () => {
    const first = page.locator('.gallery-thumb').first();
    await first.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.locator('dialog.gallery-lightbox[open]');
    await lightbox.waitFor();
    const box = (await lightbox.boundingBox())!;
    expect(box.width).to.be.closeTo(800, 1);
    expect(box.height).to.be.closeTo(560, 1);
    expect(await focusInDialog()).to.equal(true);
    expect(await lightbox.locator('figcaption').textContent()).to.contain('(1 / 3)');

    await page.keyboard.press('ArrowRight');
    expect(await lightbox.locator('figcaption').textContent()).to.contain('(2 / 3)');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await lightbox.locator('figcaption').textContent()).to.contain('(3 / 3)');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `after ${i + 1} tabs`).to.equal(true);
    }

    await page.keyboard.press('Escape');
    await page.locator('dialog.gallery-lightbox').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('gallery-thumb'))).to.equal(true);
    expect(await first.evaluate((el) => el === document.activeElement)).to.equal(true);
  });

  it('the close button closes it too', async () => {
    await page.locator('.gallery-thumb').nth(1).click();
    await page.locator('dialog.gallery-lightbox[open]').waitFor();
    await page.click('.gallery-close');
    await page.locator('dialog.gallery-lightbox').waitFor({ state: 'hidden' });
  });

  it('zooms under the pointer at 468px and wider, not below', async () => {
    const zoom = page.locator('.image-zoom');
    expect(await zoom.getAttribute('data-zoom')).to.equal('on');
    await zoom.scrollIntoViewIfNeeded();
    await zoom.hover();
    await page.mouse.move(((await zoom.boundingBox())!.x) + 50, ((await zoom.boundingBox())!.y) + 50);
    expect(await zoom.locator('img').evaluate((img) => (img as HTMLImageElement).style.transform)).to.equal('scale(2)');

    await page.setViewportSize({ width: 468, height: 700 });
    await page.waitForFunction(() => document.querySelector('.image-zoom')?.getAttribute('data-zoom') === 'on');
    await page.setViewportSize({ width: 400, height: 700 });
    await page.waitForFunction(() => document.querySelector('.image-zoom')?.getAttribute('data-zoom') === 'off');
    await zoom.hover();
    expect(await zoom.locator('img').evaluate((img) => (img as HTMLImageElement).style.transform)).to.equal('');

    const small = await context.newPage();
    await small.setViewportSize({ width: 400, height: 700 });
    await small.goto(`${tk.url}/gallery`);
    await small.waitForSelector('[data-island="website.image_zoom"][data-hydrated="true"]');
    expect(await small.getAttribute('.image-zoom', 'data-zoom')).to.equal('off');
    await small.close();
  });

  it('share buttons open a 500x500 window and show the count recorded by the site', async () => {
    const content = await context.newPage();
    const contentErrors = watchErrors(content);
    // The networks are not reachable from the test machine: record the window request instead.
    await content.addInitScript(() => {
      const calls: unknown[][] = [];
      (window as unknown as { shareCalls: unknown[][] }).shareCalls = calls;
      window.open = (...args: unknown[]) => {
        calls.push(args);
        return null;
      };
    });
    await content.goto(`${tk.url}/about-us`);
    await content.waitForSelector('[data-island="website.share_buttons"][data-hydrated="true"]');
    const violations = await checkAccessibility(content);
    expect(violations, describeViolations(violations)).to.deep.equal([]);
    expect(await content.textContent('a.share-linkedin .share-count')).to.equal('0');
    await content.click('a.share-linkedin');
    await content.waitForFunction(() => document.querySelector('a.share-linkedin .share-count')?.textContent === '1');
    const calls = await content.evaluate(() => (window as unknown as { shareCalls: string[][] }).shareCalls);
    expect(calls).to.have.length(1);
    expect(calls[0][0]).to.match(/^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=http/);
    expect(calls[0][2]).to.contain('width=500').and.contain('height=500');
    expect(content.url()).to.equal(`${tk.url}/about-us`);
    await content.reload();
    expect(await content.textContent('a.share-linkedin .share-count')).to.equal('1');
    expect(contentErrors).to.deep.equal([]);
    await content.close();
  });

  it('ran without script errors', () => {
    expect(errors).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../support/harness';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../support/browser';

const HERO = '<section class="container py-5 text-center"><h1 class="display-4">Welcome to our site</h1><p class="lead">We build open websites.</p></section>';

/**
 * A publisher edits the home page in place (hero text, a block, an uploaded image) and translates it
 * into French; a visitor then sees it in both languages and loads no editor code.
 */
describe('tour: editing a page in place', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  let browser: Browser;
  let homeId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    // The theme's home page: the website page at `/`, made of blocks (always published).
    [homeId] = await tk.sudo().model('website.page').search([['url', '=', '/']]);
    await tk.sudo().model('website.page').write([homeId], { name: { en_US: 'Home', fr_FR: 'Accueil' }, content: HERO });
    // A layout of its own, not translated yet (the demo's French texts go).
    await tk.sudo().model('website.page.term').unlink(await tk.sudo().model('website.page.term').search([['page_id', '=', homeId]]));
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

  async function openEditor(page: Page): Promise<void> {
    await page.waitForSelector('[data-island="website.page_editor"][data-hydrated="true"] .ProseMirror');
  }

  it('edits the hero, adds a block and an image, translates into French; visitors see both languages', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD, then: '/' });
    expect(await page.textContent('h1')).to.equal('Welcome to our site');

    // Into edit mode through the Edit link.
    await Promise.all([page.waitForNavigation(), page.click('.page-edit-link a')]);
    expect(new URL(page.url()).search).to.equal('?enable_editor=1');
    await openEditor(page);
    expect(await page.getAttribute('body', 'data-edit-mode')).to.equal('1');
    await expectAccessible(page, 'edit mode');

    // The hero's title, typed in place.
    await page.click('.ProseMirror h1', { clickCount: 3 });
    await page.keyboard.type('Build your site with us');
    // A block from the insert panel, after the hero.
    await page.keyboard.press('ControlOrMeta+End');
    await page.click('text=Insert a block');
    await page.waitForSelector('dialog.modal-dialog-native[open] .block-choice');
    await expectAccessible(page, 'block dialog');
    await page.click('.block-choice[data-block="website.call_to_action"]');
    await page.waitForSelector('.ProseMirror a.btn.btn-primary');
    // An image, uploaded from the toolbar.
    const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    // The image button opens the site's media library, which also uploads.
    await page.click('.rte-toolbar .rte-image');
    await page.setInputFiles('dialog[open] input[type=file]', { name: 'team-photo.png', mimeType: 'image/png', buffer: photo });
    await page.waitForSelector('.ProseMirror img[src^="/web/image/ir.attachment/"]');
    expect(await page.getAttribute('.ProseMirror img', 'alt')).to.equal('team photo');
    // Its description, written in place.
    await page.click('.ProseMirror img');
    await page.fill('.rte-image-form input', 'Our team at work');
    await page.click('.rte-image-form button:has-text("Apply")');
    expect(await page.getAttribute('.ProseMirror img', 'alt')).to.equal('Our team at work');
    await Promise.all([page.waitForNavigation(), page.click('.btn-save')]);
    expect(new URL(page.url()).pathname).to.equal('/');
    expect(await page.textContent('h1')).to.equal('Build your site with us');
    expect(await page.textContent('.page-content a.btn.btn-primary')).to.equal('Contact us');
    expect(await page.$eval('.page-content img', (img) => (img as HTMLImageElement).naturalWidth)).to.equal(640);
    expect(await page.getAttribute('.page-content img', 'alt')).to.equal('Our team at work');

    // The French page: the same layout, so the new block is there, its texts in English until translated.
    await page.goto(`${tk.url}/fr`);
    expect(await page.textContent('h1')).to.equal('Build your site with us');
    expect(await page.textContent('.page-content a.btn.btn-primary')).to.equal('Contact us');
    expect(await page.textContent('.page-edit-link a')).to.match(/^Traduire\d+ à traduire$/);
    // The translation editor lists the texts; translated ones show on the page, the others stay English.
    await Promise.all([page.waitForNavigation(), page.click('.page-edit-link a')]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/fr?edit_translations=1');
    await page.waitForSelector('[data-island="website.translation_editor"][data-hydrated="true"]');
    expect(await page.textContent('.editor-mode')).to.equal('Traduction : Français');
    const todo = Number(/\d+/.exec(String(await page.textContent('.untranslated-count')))![0]);
    await expectAccessible(page, 'translation editor, 1280 px');
    const term = (source: string) => page.locator('.translation-term', { has: page.locator('.translation-source', { hasText: new RegExp(`^${source}$`) }) }).locator('textarea');
    await term('Build your site with us').fill('Construisez votre site avec nous');
    await term('Our team at work').fill('Notre équipe au travail');
    expect(await page.textContent('.untranslated-count')).to.equal(`${todo - 2} à traduire`);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.check('#translation-only-todo');
    await expectAccessible(page, 'translation editor, 375 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await page.screenshot({ path: '/tmp/translation-editor-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await Promise.all([page.waitForNavigation(), page.click('.btn-save')]);
    expect(new URL(page.url()).pathname).to.equal('/fr');
    expect(await page.textContent('h1')).to.equal('Construisez votre site avec nous');
    expect(await page.getAttribute('.page-content img', 'alt')).to.equal('Notre équipe au travail');
    expect(await page.textContent('.page-content a.btn.btn-primary')).to.equal('Contact us');

    // The home page is always published: a note instead of an Unpublish button.
    await page.waitForSelector('[data-island="website.publish_toggle"][data-hydrated="true"]');
    expect(await page.locator('.btn-publish').count()).to.equal(0);
    expect(await page.textContent('.publish-toggle')).to.equal('PubliéLa page d\'accueil est toujours publiée.');
    expect(errors).to.deep.equal([]);
    await context.close();

    // A visitor: both languages, the image, and not one byte of the editor.
    const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const vpage = await visitor.newPage();
    const scripts: string[] = [];
    vpage.on('response', async (res) => {
      if (res.request().resourceType() === 'script') scripts.push(await res.text());
    });
    await vpage.goto(`${tk.url}/`);
    expect(await vpage.textContent('h1')).to.equal('Build your site with us');
    expect(await vpage.$eval('.page-content img', (img) => (img as HTMLImageElement).naturalWidth)).to.equal(640);
    expect(await vpage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).to.be.at.most(0);
    await vpage.goto(`${tk.url}/fr`);
    expect(await vpage.textContent('h1')).to.equal('Construisez votre site avec nous');
    await vpage.goto(`${tk.url}/about-us`);
    await vpage.waitForLoadState('networkidle');
    expect(scripts.some((code) => code.includes('ProseMirror'))).to.equal(false);
    await visitor.close();
    const [stored] = await tk.sudo().withLang('en_US').model('website.page').read([homeId], ['content', 'website_published']);
    expect(stored.website_published).to.equal(true);
    expect(String(stored.content)).to.contain('class="display-4"').and.contain('<section class="container py-5 text-center">');
  });

  it('creates a page from the editor, refuses a taken URL in its properties with the message under the field, and reorders the menu from the keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD, then: '/about-us' });
    await page.goto(`${tk.url}/about-us?enable_editor=1`);
    await openEditor(page);

    // A new page: the URL follows the title until it is typed.
    await page.click('.editor-bar >> text=New page');
    await page.fill('.new-page input[name=name]', 'Nos équipes');
    expect(await page.inputValue('.new-page input[name=url]')).to.equal('/nos-equipes');
    await expectAccessible(page, 'new page dialog');
    await Promise.all([page.waitForNavigation(), page.click('text=Create the page')]);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).to.equal('/nos-equipes?enable_editor=1');
    await openEditor(page);

    // Its properties: a URL the site answers itself is refused, and said so under the field.
    await page.click('.editor-bar >> text=Properties');
    await page.fill('.page-properties input[name=url]', '/web/login');
    await page.click('text=Save properties');
    await page.waitForSelector('.page-properties input[name=url].is-invalid');
    expect(await page.textContent('.page-properties .invalid-feedback')).to.contain('taken by the site itself');
    await expectAccessible(page, 'properties dialog with an error');
    await page.fill('.page-properties input[name=url]', '/our-teams');
    await page.check('.page-properties input[type=checkbox] >> nth=1');
    await Promise.all([page.waitForNavigation(), page.click('text=Save properties')]);
    expect(new URL(page.url()).pathname).to.equal('/our-teams');
    await openEditor(page);

    // The menu: "Nos équipes" (added last) moved up with the keyboard until it comes before About us, then saved.
    await page.click('.editor-bar >> text=Menu');
    await page.waitForSelector('.menu-editor-item');
    const names = () => page.$$eval('.menu-editor .menu-name', (inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const after = (list: string[]) => list.indexOf('Nos équipes') > list.indexOf('About us');
    expect(after(await names()), (await names()).join(', ')).to.equal(true);
    for (let i = 0; i < 12 && after(await names()); i++) {
      await page.focus('button[aria-label="Move Nos équipes up"]');
      await page.keyboard.press('Enter');
    }
    expect(after(await names()), (await names()).join(', ')).to.equal(false);
    await expectAccessible(page, 'menu dialog');
    await Promise.all([page.waitForNavigation(), page.click('dialog[open] .btn-primary:has-text("Save the menu")')]);
    // The new page is a draft: visitors' menus leave it out, its publisher's shows it in its new place.
    const visitor = await (await fetch(`${tk.url}/`)).text();
    expect(visitor).not.to.contain('>Nos équipes<');
    const publisher = await page.content();
    expect(publisher.indexOf('>Nos équipes<')).to.be.greaterThan(0).and.lessThan(publisher.indexOf('>About us<'));
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

import path from 'node:path';
import fs from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { SmtpSink } from '@modules/mass_mailing/test/support';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { MAIL_SENT_MESSAGE, SLIDE_MODEL, slideUrls } from '../index';
import { demoIds, encryptedPdf, fakeExecutable, makePdf, userClient } from './slides-fixture';

const SHOTS = path.resolve(__dirname, '..', '..', '..', '.tmp', 'slides');

/**
 * The whole flow in Chromium: a publisher uploads a PDF (pdf.js reads it in the browser: preview and
 * page count), saves and publishes it, lands on the slide, votes, takes the embed code for page 2 and
 * opens it, and shares the slide by e-mail, received by a real SMTP server. Every page at 375 and
 * 1280 px, axe clean.
 */
describe('slides: upload, publish, vote, embed and share in the browser', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let browser: Browser;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let pdfPath = '';

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['slides'], http: true, demo: true, config: { smtpUrl: sink.url } });
    ids = await demoIds(tk);
    // A publisher is an employee by implication: /slides lists the private channel of employees too.
    await userClient(tk, 'publisher', ['website.group_website_publisher']);
    fs.mkdirSync(SHOTS, { recursive: true });
    pdfPath = path.join(SHOTS, 'Board_meeting_notes.pdf');
    fs.writeFileSync(pdfPath, await makePdf(3, true, 'Board meeting'));
    fs.writeFileSync(path.join(SHOTS, 'locked.pdf'), encryptedPdf());
    fs.writeFileSync(path.join(SHOTS, 'setup.pdf'), fakeExecutable());
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
    await sink?.stop();
  });

  async function look(page: Page, name: string) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      const violations = await checkAccessibility(page);
      expect(violations, `${name} at ${width}px\n${describeViolations(violations)}`).to.deep.equal([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('uploads a PDF, publishes it, votes, embeds page 2 and shares it by e-mail', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const channelUrl = slideUrls.channel({ id: ids.channel, name: 'Getting started' });
    await signIn(page, tk.url, { login: 'publisher', password: 'password-123', then: '/slides' });
    await page.getByRole('heading', { name: 'Team handbook' }).waitFor();
    await look(page, 'channels');
    await page.goto(`${tk.url}${channelUrl}`);
    await page.waitForSelector('[data-island="slides.upload_dialog"][data-hydrated="true"]');
    await look(page, 'channel');

    await page.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a presentation' });
    await dialog.waitFor();
    // Nothing chosen: the schema's message, before anything is posted.
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Please choose a file or enter a valid YouTube or Google Drive URL.').waitFor();

    // pdf.js refuses a password-protected file, and the dialog a program named .pdf, before anything is sent.
    await page.setInputFiles('#upload_file', path.join(SHOTS, 'locked.pdf'));
    await dialog.locator('.slides-upload-warning', { hasText: 'You can not upload password protected file.' }).waitFor();
    await page.setInputFiles('#upload_file', path.join(SHOTS, 'setup.pdf'));
    await dialog.locator('.slides-upload-warning', { hasText: 'Invalid file type. Please select pdf or image file' }).waitFor();

    await page.setInputFiles('#upload_file', pdfPath);
    await dialog.locator('.slides-upload-pages', { hasText: '3 pages' }).waitFor();
    await dialog.getByRole('img', { name: 'Preview of the first page' }).waitFor();
    expect(await page.inputValue('#upload_name')).to.equal('Board meeting notes');
    await page.fill('#upload_description', 'Notes of the last board meeting.');
    await page.selectOption('#upload_category', 'new');
    await page.fill('#upload_category_name', 'Meetings');
    await page.fill('#upload_new_tags', 'board, notes');
    await look(page, 'upload-dialog');

    // A title the channel has: warned while typing, refused by the server, shown as a warning.
    await page.fill('#upload_name', 'A tour of the site');
    await page.locator('#upload_name').blur();
    await dialog.getByText('Channel contains the given title, please change before Save or Publish.').first().waitFor();
    await dialog.getByRole('button', { name: 'Save and publish' }).click();
    await dialog.locator('.slides-upload-warning', { hasText: 'Channel contains the given title' }).waitFor();

    await page.fill('#upload_name', 'Board meeting notes');
    await Promise.all([
      page.waitForURL(/\/slides\/slide\/board-meeting-notes-\d+$/, { timeout: 60_000 }),
      dialog.getByRole('button', { name: 'Save and publish' }).click(),
    ]);
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    const [saved] = await tk.sudo().model(SLIDE_MODEL).read([id], ['website_published', 'page_count', 'image', 'index_content', 'slide_type', 'category_id', 'tag_ids']);
    expect(saved).to.include({ website_published: true, page_count: 3, slide_type: 'presentation' });
    expect(saved.image).to.be.a('string');
    expect(String(saved.index_content)).to.contain('Board meeting page 2');
    expect((saved.category_id as [number, string])[1]).to.equal('Meetings');
    expect(saved.tag_ids).to.have.length(2);

    // The slide page: pdf.js shows the 3 pages.
    await page.locator('.pdf-viewer[data-page-count="3"]').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('.pdf-viewer[data-page="2"]').waitFor();

    // Vote once; a second vote is refused with the reference's message.
    await page.locator('.slide-like').click();
    await page.locator('.slide-likes', { hasText: '1' }).waitFor();
    await page.locator('.slide-dislike').click();
    await page.getByText('You have already voted for this slide').waitFor();

    // The embed code for page 2, then a page out of range falls back to 1.
    await page.fill('#slide_embed_page', '2');
    expect(await page.inputValue('#slide_embed_code')).to.contain(`/slides/embed/${id}?page=2`);
    await page.fill('#slide_embed_page', '9');
    expect(await page.inputValue('#slide_embed_code')).to.contain(`/slides/embed/${id}?page=1`);

    // Share by e-mail: an invalid address is styled as an error; a valid one is sent.
    await page.fill('#slide_share_email', 'not-an-address');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('#slide_share_email.is-invalid').waitFor();
    await page.fill('#slide_share_email', 'colleague@example.org');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(MAIL_SENT_MESSAGE).waitFor();
    await look(page, 'slide');
    const deadline = Date.now() + 30_000;
    while (!sink.received.some((m) => m.to === 'colleague@example.org') && Date.now() < deadline) await page.waitForTimeout(100);
    const mail = sink.received.find((m) => m.to === 'colleague@example.org');
    expect(mail?.parsed?.subject).to.equal('Publisher shared a presentation with you!');

    // The embeddable viewer at page 2, framed by another page.
    const embed = await context.newPage();
    const embedErrors = watchErrors(embed);
    await embed.goto(`${tk.url}/slides/embed/${id}?page=2`);
    await embed.locator('.pdf-viewer[data-page="2"][data-page-count="3"]').waitFor();
    await look(embed, 'embed');
    expect([...errors, ...embedErrors]).to.deep.equal([]);

    // A visitor is asked to sign in to vote.
    const visitor = await browser.newPage();
    await visitor.goto(`${tk.url}${slideUrls.slide({ id, name: 'x' })}`);
    await visitor.waitForSelector('[data-island="slides.slide_actions"][data-hydrated="true"]');
    await visitor.locator('.slide-like').click();
    await visitor.getByText('Please login to vote this slide').waitFor();
    expect(await visitor.getByRole('link', { name: 'Sign in' }).last().getAttribute('href')).to.match(/^\/web\/login\?redirect=/);
    await look(visitor, 'slide-visitor');
    await context.close();
  });
});

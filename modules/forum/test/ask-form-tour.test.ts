import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { signIn, watchErrors } from '../../../test/support/browser';
import type { TestKernel } from '../../../test/support/harness';
import { POST_MESSAGES, TITLE_MAX } from '../common/post-schemas';
import { TAG_MESSAGES } from '../common/tag-rules';
import { PASSWORD, forumTourSite, forumUser } from './forum-fixture';

const SHOTS = process.env.FORUM_SHOTS ? '/tmp/forum-shots' : null;

describe('forum: the ask form checks the shared schema in the browser before posting', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  forumTourSite((site, chromium) => { tk = site; browser = chromium; });

  it('shows the message under a too-long title while typing and posts nothing; fixed, it posts', async () => {
    await forumUser(tk, 'formikasker', 120);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/new')) posts.push(r.url()); });
    await signIn(page, tk.url, { login: 'formikasker', password: PASSWORD, then: '/forum/help-1/ask' });
    await page.waitForSelector('#content .ProseMirror');
    // Posting at once: every field's message, from the schema the server checks, and no request.
    await page.click('text=Post Your Question');
    await page.locator('#post_name_error').waitFor();
    expect(await page.locator('#post_name_error').textContent()).to.equal(POST_MESSAGES.titleRequired);
    expect(await page.locator('#content_error').textContent()).to.equal(POST_MESSAGES.questionText);
    // A title too long: the message while typing (the field lets one character past the limit in).
    await page.fill('#post_name', 'x'.repeat(TITLE_MAX + 40));
    await page.locator('#post_name_error', { hasText: POST_MESSAGES.titleTooLong }).waitFor();
    expect(await page.locator('#post_name').getAttribute('class')).to.contain('is-invalid');
    expect(await page.locator('#post_name').getAttribute('aria-describedby')).to.equal('post_name_error');
    // A tag too long: the selector says so at once, and the schema under the field on posting.
    await page.locator('#post_tags').click();
    await page.keyboard.type('t'.repeat(36));
    await page.click('text=Post Your Question');
    await page.locator('#post_tags_error', { hasText: TAG_MESSAGES.length }).waitFor();
    if (SHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/ask-form-messages-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(posts).to.deep.equal([]);
    expect(await tk.sudo().db('forum_post').where('name', 'like', 'xxxx%').first()).to.equal(undefined);

    await page.fill('#post_name', 'Checked before posting');
    await page.locator('#post_name_error').waitFor({ state: 'detached' });
    await page.locator('#post_tags').press('Control+a');
    await page.locator('#post_tags').press('Backspace');
    await page.keyboard.type('account');
    await page.keyboard.press('Enter');
    await page.locator('.forum-tag-chip', { hasText: 'account' }).waitFor();
    await page.locator('#content .ProseMirror').click();
    await page.keyboard.type('Now with a text.');
    await page.locator('#content_error').waitFor({ state: 'detached' });
    await Promise.all([page.waitForURL('**/question/**'), page.click('text=Post Your Question')]);
    const row = await tk.sudo().db('forum_post').where({ name: 'Checked before posting' }).first('content');
    expect(row.content).to.equal('<p>Now with a text.</p>');
    expect(posts).to.have.length(1);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('without JavaScript the server answers the same message under the field', async () => {
    await forumUser(tk, 'nojsschema', 120);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, tk.url, { login: 'nojsschema', password: PASSWORD, then: '/forum/help-1/ask' });
    await page.fill('textarea[name=content]', 'A text without a title');
    await Promise.all([page.waitForURL('**/forum/help-1/new'), page.click('text=Post Your Question')]);
    expect(await page.locator('#post_name_error.invalid-feedback').textContent()).to.equal(POST_MESSAGES.titleRequired);
    expect(await page.locator('#post_name_error').isVisible()).to.equal(true);
    expect(await page.inputValue('textarea[name=content]')).to.equal('A text without a title');
    if (SHOTS) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${SHOTS}/ask-form-nojs-${width}.png`, fullPage: true });
      }
    }
    await page.fill('#post_name', 'Titled without scripts');
    await Promise.all([page.waitForURL('**/question/**'), page.click('text=Post Your Question')]);
    expect(await tk.sudo().db('forum_post').where({ name: 'Titled without scripts' }).first('id')).to.not.equal(undefined);
    await context.close();
  });

  it('keeps a title typed before the form\'s script arrived, as on a slow connection', async () => {
    await forumUser(tk, 'slowasker', 120);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'slowasker', password: PASSWORD, then: '/forum/help-1' });
    // Scripts are held back until the title is typed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/*.js', async (route) => { await released; await route.continue(); });
    await page.goto(`${tk.url}/forum/help-1/ask`, { waitUntil: 'commit' });
    await page.fill('#post_name', 'Typed while the page loaded');
    release();
    await page.locator('[data-island="forum.ask_form"][data-hydrated="true"]').waitFor();
    await page.locator('#content .ProseMirror').waitFor();
    // A key typed now renders the field from the form's state: the early text must be in it.
    await page.locator('#post_name').press('End');
    await page.keyboard.type('!');
    expect(await page.inputValue('#post_name')).to.equal('Typed while the page loaded!');
    expect(errors).to.deep.equal([]);
    await context.close();
  });
});

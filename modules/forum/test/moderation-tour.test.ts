import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { checkAccessibility, describeViolations, signIn, signInBackoffice, watchErrors } from '../../../test/support/browser';
import { ADMIN_PASSWORD, type TestKernel } from '../../../test/support/harness';
import { PASSWORD, forumTourSite, forumUser, makePost } from './forum-fixture';

const SHOTS = process.env.FORUM_SHOTS ? '/tmp/forum-shots' : null;

/** axe clean and no horizontal overflow at 375 and 1280 px (screenshots when FORUM_SHOTS is set). */
async function checkWidths(page: Page, name: string, ready: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForSelector(ready);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/moderation-${name}-${width}.png`, fullPage: true });
    const violations = await checkAccessibility(page);
    expect(violations, `${name} at ${width}: ${describeViolations(violations)}`).to.deep.equal([]);
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} overflows`).to.equal(375);
  }
}

/** Payloads set `window.__xss`, or `window.xss` where an underscore would split a tag name. */
const xssFired = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number; xss?: number }).__xss ?? (window as unknown as { xss?: number }).xss);

describe('forum: editor, tags, editing and moderation tours', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  forumTourSite((site, chromium) => { tk = site; browser = chromium; });

  it('asks with the rich editor and tag chips: karma >= 30 gets the link and image tools, a new user does not', async () => {
    await forumUser(tk, 'richasker', 120);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'richasker', password: PASSWORD, then: '/forum/help-1/ask' });
    await page.waitForSelector('#content .ProseMirror');
    expect(await page.getByRole('button', { name: 'Link', exact: true }).count()).to.equal(1);
    expect(await page.getByRole('button', { name: 'Image', exact: true }).count()).to.equal(1);
    await checkWidths(page, 'ask-editor', '#content .ProseMirror');
    await page.fill('#post_name', 'How do I write rich text?');
    await page.locator('#content .ProseMirror').click();
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Bold words');
    // A picture through the forum's upload (karma_editor), inserted at the cursor.
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#06c' } }).png().toBuffer();
    await page.setInputFiles('.rich-text-editor input[type=file]', { name: 'blue-square.png', mimeType: 'image/png', buffer: png });
    await page.locator('#content .ProseMirror img').waitFor();
    // Tags: a suggestion picked with the keyboard, a new one typed with a separator, one removed.
    const tags = page.locator('#post_tags');
    await tags.click();
    await page.keyboard.type('acc');
    await page.locator('[role=option]', { hasText: 'account' }).waitFor();
    expect(await tags.getAttribute('aria-expanded')).to.equal('true');
    await page.keyboard.press('ArrowDown');
    expect(await tags.getAttribute('aria-activedescendant')).to.be.a('string');
    await page.keyboard.press('Enter');
    await page.keyboard.type('richtext,oops ');
    await page.locator('.forum-tag-chip', { hasText: 'oops' }).waitFor();
    await page.getByRole('button', { name: 'Remove tag oops' }).click();
    await page.keyboard.type('x');
    await page.keyboard.press('Enter');
    expect(await page.locator('.forum-tag-message').textContent()).to.equal('Each tag should contain between 2 and 35 characters.');
    await page.keyboard.press('Backspace');
    expect(await page.locator('.forum-tag-chip').allTextContents()).to.deep.equal(['account', 'richtext']);
    await checkWidths(page, 'ask-chips', '.forum-tag-chip');
    await page.setViewportSize({ width: 1280, height: 900 });
    await Promise.all([page.waitForURL('**/question/**'), page.click('text=Post Your Question')]);
    const q = await tk.sudo().db('forum_post').where({ name: 'How do I write rich text?' }).first('id', 'content', 'state');
    expect(q.content, q.content).to.match(/^<p><strong>Bold words<\/strong><\/p><img class="img-fluid" src="\/web\/image\/ir\.attachment\/\d+\/datas" alt="blue square" \/>$/);
    expect(q.state).to.equal('active');
    expect(await page.locator('.forum-question .badge', { hasText: 'richtext' }).count()).to.equal(1);
    expect(errors).to.deep.equal([]);

    await forumUser(tk, 'plainasker', 5);
    const newbie = await browser.newPage({ viewport: { width: 375, height: 900 } });
    await signIn(newbie, tk.url, { login: 'plainasker', password: PASSWORD, then: '/forum/help-1/ask' });
    await newbie.waitForSelector('#content .ProseMirror');
    expect(await newbie.getByRole('button', { name: 'Link', exact: true }).count()).to.equal(0);
    expect(await newbie.getByRole('button', { name: 'Image', exact: true }).count()).to.equal(0);
    expect(await newbie.locator('.forum-editor-karma').textContent()).to.contain('30 karma is required to perform this action.');
    await newbie.locator('#post_tags').click();
    await newbie.keyboard.type('brandnewtag');
    await newbie.keyboard.press('Enter');
    // A new tag needs karma_tag_create (30).
    expect(await newbie.locator('.forum-tag-message').textContent())
      .to.equal('30 karma is required to perform this action. You can earn karma by having your answers upvoted by the community.');
    expect(await newbie.locator('.forum-tag-chip').count()).to.equal(0);
    await page.close();
    await newbie.close();
  });

  it('still posts without JavaScript: the textarea and the plain tag field', async () => {
    await forumUser(tk, 'nojs', 120);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, tk.url, { login: 'nojs', password: PASSWORD, then: '/forum/help-1/ask' });
    await page.fill('#post_name', 'Posted without scripts');
    await page.fill('textarea[name=content]', 'Line one\n\nLine two');
    await page.fill('input[name=post_tags]', 'account, nojs');
    await Promise.all([page.waitForURL('**/question/**'), page.click('text=Post Your Question')]);
    const row = await tk.sudo().db('forum_post').where({ name: 'Posted without scripts' }).first('content');
    expect(row.content).to.equal('<p>Line one</p><p>Line two</p>');
    await context.close();
  });

  it('edits a post with the editor; XSS payloads in edited bodies and tags stay inert', async () => {
    const author = await forumUser(tk, 'touredit', 120);
    const q = await makePost(tk, author.uid, { forum_id: 1, name: 'Edit me', content: '<p>Before</p>', plain_content: 'Before' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'touredit', password: PASSWORD, then: `/forum/help-1/question/${q}` });
    await Promise.all([page.waitForURL('**/edit'), page.getByRole('link', { name: 'Edit', exact: true }).first().click()]);
    await page.waitForSelector('#content .ProseMirror');
    await checkWidths(page, 'edit', '#content .ProseMirror');
    await page.locator('#content .ProseMirror').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and after <img src=x onerror="window.__xss=1">');
    await page.fill('#post_name', 'Edited title');
    await Promise.all([page.waitForURL(`**/question/${q}`), page.getByRole('button', { name: 'Save' }).click()]);
    await page.getByRole('heading', { name: 'Edited title' }).waitFor();
    expect(await page.locator('.forum-post-content').first().textContent()).to.equal('Before and after <img src=x onerror="window.__xss=1">');
    // A crafted save (the editor's HTML format) with scripts, handlers and a hostile tag name.
    const csrf = await author.client.csrfFrom(`/forum/help-1/post/${q}/edit`);
    const res = await author.client.postForm(`/forum/help-1/post/${q}/save`, {
      csrf_token: csrf, content_format: 'html', post_tags: '<svg/onload=window.xss=1>',
      content: '<p>x<img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">link</a><script>window.__xss=1</script><svg onload="window.__xss=1"></svg></p>',
    });
    expect(res.status).to.equal(302);
    for (const path of [`/forum/help-1/question/${q}`, `/forum/help-1/post/${q}/edit`, '/forum/help-1']) {
      await page.goto(`${tk.url}${path}`);
      await page.waitForLoadState('networkidle');
      if (path.endsWith('/edit')) await page.waitForSelector('#content .ProseMirror');
      expect(await xssFired(page), path).to.equal(undefined);
    }
    await page.goto(`${tk.url}/forum/help-1/question/${q}`);
    await Promise.all([page.waitForURL('**/edit'), page.getByRole('link', { name: 'Edit', exact: true }).first().click()]);
    await page.waitForSelector('.forum-tag-chip');
    expect(await page.locator('.forum-tag-chip').first().textContent()).to.equal('<svg/onload=window.xss=1>');
    expect(await xssFired(page)).to.equal(undefined);
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('a moderator handles the flagged queue: accepts one post, marks another offensive with a reason', async () => {
    const author = await forumUser(tk, 'flagtourauthor', 150);
    const flagger = await forumUser(tk, 'flagtourflagger', 600);
    const q = await makePost(tk, author.uid, { forum_id: 1, name: 'Flag tour question', content: '<p>q</p>' });
    const fine = await makePost(tk, author.uid, { forum_id: 1, parent_id: q, content: '<p>A fine answer</p>', plain_content: 'A fine answer' });
    const rude = await makePost(tk, author.uid, { forum_id: 1, parent_id: q, content: '<p>A rude answer</p>', plain_content: 'A rude answer' });
    await tk.sudo().db('forum_post').where({ id: q }).update({ child_count: 2 });
    for (const id of [fine, rude]) expect(await flagger.client.call(`/forum/help-1/post/${id}/flag`, {})).to.deep.equal({ success: 'post_flagged_non_moderator' });
    await forumUser(tk, 'flagtourmod', 1000);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, tk.url, { login: 'flagtourmod', password: PASSWORD, then: '/forum/help-1' });
    await Promise.all([page.waitForURL('**/flagged_queue'), page.click('text=Flagged posts')]);
    await checkWidths(page, 'flagged-queue', '.forum-queue-item');
    await page.setViewportSize({ width: 1280, height: 900 });
    const fineItem = page.locator('.forum-queue-item', { hasText: 'A fine answer' });
    await Promise.all([page.waitForNavigation(), fineItem.getByRole('button', { name: 'Accept the post' }).click()]);
    expect(await page.locator('.forum-queue-item', { hasText: 'A fine answer' }).count()).to.equal(0);
    const rudeItem = page.locator('.forum-queue-item', { hasText: 'A rude answer' });
    await Promise.all([page.waitForURL('**/ask_for_mark_as_offensive'), rudeItem.getByRole('link', { name: 'Mark as offensive' }).click()]);
    await checkWidths(page, 'offensive-form', 'input[name=reason_id]');
    await page.getByLabel('Violent language').check();
    await Promise.all([page.waitForURL('**/flagged_queue'), page.getByRole('button', { name: 'Mark as offensive' }).click()]);
    expect(await page.locator('.forum-queue-item').count()).to.equal(0);
    expect(Number((await tk.sudo().db('res_users').where({ id: author.uid }).first('karma')).karma)).to.equal(50);
    await page.click('text=Offensive');
    await page.locator('.forum-queue-item', { hasText: 'A rude answer' }).waitFor();
    expect(await page.locator('.forum-queue-item').textContent()).to.contain('Reason: Violent language');
    await checkWidths(page, 'offensive-queue', '.forum-queue-item');
    await page.goto(`${tk.url}/forum/help-1/question/${q}`);
    expect(await page.content()).to.contain('A fine answer').and.not.contain('A rude answer');
    await page.close();
  });

  it("an administrator finds the forum's queues and settings in the back office", async () => {
    const author = await forumUser(tk, 'boqueueauthor', 5);
    await makePost(tk, author.uid, { forum_id: 1, name: 'Waiting in the back office', state: 'pending' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInBackoffice(page, tk.url, { login: 'admin', password: ADMIN_PASSWORD });
    await page.click('[data-menu="forum.app"]');
    await page.click('[data-menu="forum.pending"]');
    // The queue with its decisions (backoffice-moderation-tour.test.ts validates from it).
    await page.locator('.o_forum_queue_item', { hasText: 'Waiting in the back office' }).waitFor();
    expect(await page.locator('.o_forum_queue_item').count()).to.equal(1);
    await checkWidths(page, 'backoffice-pending', '.o_forum_queue_item');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${tk.url}/web#menu=forum.forums&model=forum.forum&view=form&id=1`);
    await page.waitForSelector('#field-karma_moderate');
    await checkWidths(page, 'backoffice-forum-form', '#field-karma_moderate');
    await page.close();
  });
});

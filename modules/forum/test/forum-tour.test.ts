import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { checkAccessibility, describeViolations, signIn, watchErrors } from '../../../test/support/browser';
import type { TestKernel } from '../../../test/support/harness';
import { PASSWORD, forumTourSite, forumUser } from './forum-fixture';

describe('forum: browser tours', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  forumTourSite((site, chromium) => { tk = site; browser = chromium; });

  it('forum_question: asks on /forum/help-1, answers, accepts its own answer with karma 20 rules', async () => {
    await forumUser(tk, 'tourist', 101);
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'tourist', password: PASSWORD, then: '/forum/help-1' });
    await page.click('text=Ask a question');
    // Typed once the form is hydrated: typed before, formik's first render would put the empty title back.
    await page.locator('#content .ProseMirror').waitFor();
    await page.fill('input[name=post_name]', 'First Question Title');
    // The rich editor and the tag selector (islands).
    await page.locator('#content .ProseMirror').click();
    await page.keyboard.type('First Question');
    await page.locator('#post_tags').fill('Tag');
    await page.keyboard.press('Enter');
    await page.locator('.forum-tag-chip', { hasText: 'Tag' }).waitFor();
    await Promise.all([page.waitForURL('**/question/**'), page.click('text=Post Your Question')]);
    await page.getByRole('heading', { name: 'First Question Title' }).waitFor();
    await page.locator('#forum-answer .ProseMirror').click();
    await page.keyboard.type('First Answer');
    await Promise.all([page.waitForNavigation(), page.click('text=Post Answer')]);
    await page.waitForSelector('[data-island="forum.post_actions"][data-hydrated="true"]');
    const accept = page.locator('button.forum-accept[data-karma="20"]').first();
    await accept.click();
    await page.locator('button.forum-accept[aria-pressed="true"]').waitFor();
    expect(await accept.textContent()).to.equal('Accepted');
    const row = await tk.sudo().db('forum_post').where({ is_correct: true }).whereNotNull('parent_id').orderBy('id', 'desc').first('plain_content');
    expect(row.plain_content).to.equal('First Answer');
    expect(errors).to.deep.equal([]);
    await page.close();
  });

  it('a user with karma 1 sees the karma message when voting; a visitor the sign-in message', async () => {
    await forumUser(tk, 'lowkarma', 1);
    const q = await tk.sudo().db('forum_post').where({ name: 'Can I add my own pages?' }).first('id');
    const page = await browser.newPage();
    await page.goto(`${tk.url}/forum/help-1/question/${q.id}`);
    await page.waitForSelector('[data-island="forum.post_actions"][data-hydrated="true"]');
    await page.getByRole('button', { name: 'Vote up' }).first().click();
    expect(await page.locator('.forum-action-message').first().textContent()).to.equal('Sorry you must be logged to vote');
    await signIn(page, tk.url, { login: 'lowkarma', password: PASSWORD, then: `/forum/help-1/question/${q.id}` });
    await page.waitForSelector('[data-island="forum.post_actions"][data-hydrated="true"]');
    await page.getByRole('button', { name: 'Vote up' }).first().click();
    expect(await page.locator('.forum-action-message').first().textContent())
      .to.equal('5 karma is required to perform this action. You can earn karma by having your answers upvoted by the community.');
    await page.close();
  });

  it('a moderator validates a pending question in the queue', async () => {
    const newbie = await forumUser(tk, 'pendinguser', 5);
    const csrf = await newbie.client.csrfFrom('/forum/help-1/ask');
    await newbie.client.postForm('/forum/help-1/new', { csrf_token: csrf, post_type: 'question', post_name: 'Waiting for a moderator', content: 'Please' });
    await forumUser(tk, 'queuemod', 1000);
    const page = await browser.newPage();
    await signIn(page, tk.url, { login: 'queuemod', password: PASSWORD, then: '/forum/help-1' });
    await Promise.all([page.waitForURL('**/validation_queue'), page.click('text=To validate')]);
    const item = page.locator('.forum-queue-item', { hasText: 'Waiting for a moderator' });
    await Promise.all([page.waitForNavigation(), item.getByRole('button', { name: 'Validate' }).click()]);
    expect(await page.locator('.forum-queue-item', { hasText: 'Waiting for a moderator' }).count()).to.equal(0);
    await page.goto(`${tk.url}/forum/help-1`);
    expect(await page.content()).to.contain('Waiting for a moderator');
    await page.close();
  });

  it('pages fit 375 px without horizontal overflow and pass axe, under /fr too; scripts in posts stay inert', async () => {
    const q = await tk.sudo().db('forum_post').where({ name: 'How do I change my password?' }).first('id');
    const xss = await forumUser(tk, 'xsstour', 200);
    const csrf = await xss.client.csrfFrom('/forum/help-1/ask');
    const res = await xss.client.postForm('/forum/help-1/new', { csrf_token: csrf, post_type: 'question', post_name: '<img src=x onerror="window.__xss=1">', content: '<script>window.__xss=1</script>', post_tags: 'xs<svg/onload=window.__xss=1>' });
    const xssPath = res.headers.get('location')!;
    const page = await browser.newPage();
    const paths = ['/forum', '/forum/help-1', `/forum/help-1/question/${q.id}`, '/fr/forum/help-1', `/fr/forum/help-1/question/${q.id}`, xssPath];
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of paths) {
        await page.goto(`${tk.url}${path}`);
        if (process.env.FORUM_SHOTS) await page.screenshot({ path: `/tmp/forum-shots/${width}${path.replace(/\W+/g, '_')}.png`, fullPage: true });
        const violations = await checkAccessibility(page);
        expect(violations, `${path} at ${width}: ${describeViolations(violations)}`).to.deep.equal([]);
        if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} overflows`).to.equal(375);
        expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).to.equal(undefined);
      }
    }
    await page.close();
  });

  it('signed-in pages (answer and comment forms, moderation buttons, ask form, queue) pass axe and fit 375 px', async () => {
    await forumUser(tk, 'axemod', 1500);
    const q = await tk.sudo().db('forum_post').where({ name: 'How do I change my password?' }).first('id');
    const page = await browser.newPage();
    await signIn(page, tk.url, { login: 'axemod', password: PASSWORD, then: '/forum/help-1' });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const regular = (await tk.sudo().db('res_users').where({ login: 'forum_regular' }).first('id')).id;
      for (const path of ['/forum/help-1', `/forum/help-1/question/${q.id}`, `/forum/help-1/user/${regular}`, '/forum/help-1/ask', '/forum/help-1/ask?post_type=link', '/forum/help-1/validation_queue', `/fr/forum/help-1/question/${q.id}`]) {
        await page.goto(`${tk.url}${path}`);
        if (process.env.FORUM_SHOTS) await page.screenshot({ path: `/tmp/forum-shots/user-${width}${path.replace(/\W+/g, '_')}.png`, fullPage: true });
        const violations = await checkAccessibility(page);
        expect(violations, `${path} at ${width}: ${describeViolations(violations)}`).to.deep.equal([]);
        if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} overflows`).to.equal(375);
      }
    }
    await page.close();
  });
});

import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, signIn, watchErrors } from '../../../test/support/browser';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { forumUser, PASSWORD } from './forum-fixture';

/** Screenshots land here when FORUM_SHOTS is set (to look at them). */
const SHOTS = process.env.FORUM_SHOTS;

/**
 * Tour: a user follows a question from its page, another answers it; the follower's open forum page
 * shows the notification as it arrives (bus), and closing it marks it read (`/forum/notification_read`).
 */
describe('forum: following tour', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  before(async () => {
    tk = await bootTestKernel({ modules: ['forum'], http: true });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('follow from the question page, see a new answer arrive on the forum page, mark it read', async () => {
    const forumId = await tk.sudo().model('forum.forum').create({ name: 'Help' });
    const base = `/forum/help-${forumId}`;
    const asker = await forumUser(tk, 'touraskr', 200);
    const answerer = await forumUser(tk, 'touransw', 10);
    await forumUser(tk, 'tourfollower', 10);
    let csrf = await asker.client.csrfFrom(`${base}/ask`);
    await asker.client.postForm(`${base}/new`, { csrf_token: csrf, post_type: 'question', post_name: 'Where are my notifications?', content: 'Please tell me.' });
    const q = Number((await tk.sudo().db('forum_post').where({ name: 'Where are my notifications?' }).first('id')).id);

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signIn(page, tk.url, { login: 'tourfollower', password: PASSWORD, then: `${base}/question/${q}` });
    const follow = page.locator('[data-island="website_mail.follow"][data-hydrated="true"]');
    await follow.getByRole('button', { name: 'Follow' }).click();
    await follow.getByRole('button', { name: 'Unfollow' }).waitFor();
    await follow.getByText('You are following this question.').waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(describeViolations(await checkAccessibility(page))).to.equal('');
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), 'question page overflows').to.equal(375);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/forum-question-follow-${width}.png`, fullPage: true });
    }

    await page.goto(`${tk.url}${base}`);
    await page.waitForSelector('[data-island="forum.notifications"][data-hydrated="true"]', { state: 'attached' });
    await new Promise((r) => setTimeout(r, 500)); // the bus connection subscribes
    csrf = await answerer.client.csrfFrom(`${base}/ask`);
    await answerer.client.postForm(`${base}/${q}/reply`, { csrf_token: csrf, content: 'In the forum page.' });
    const note = page.locator('.forum-notification');
    await note.waitFor({ timeout: 10_000 });
    expect((await note.textContent())?.replace(/\s+/g, ' ').trim()).to.equal('touransw answered Where are my notifications?');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(describeViolations(await checkAccessibility(page))).to.equal('');
      if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), 'forum page overflows').to.equal(375);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/forum-notification-${width}.png`, fullPage: true });
    }
    // After a reload it is still there (unread); closing it marks it read.
    await page.reload();
    await page.waitForSelector('[data-island="forum.notifications"][data-hydrated="true"]');
    await page.getByRole('button', { name: 'Mark as read' }).click();
    await note.waitFor({ state: 'detached' });
    const row = await tk.sudo().db('forum_notification').where({ question_id: q, kind: 'answer' }).whereIn('partner_id', tk.sudo().db('res_users').where({ login: 'tourfollower' }).select('partner_id')).first('is_read');
    expect(Boolean(row.is_read)).to.equal(true);
    await page.reload();
    expect(await page.locator('.forum-notification').count()).to.equal(0);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});

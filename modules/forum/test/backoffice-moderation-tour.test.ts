import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { UserAccounts } from '@platform/base';
import { checkAccessibility, describeViolations, launchBrowser, signIn, signInBackoffice, watchErrors } from '../../../test/support/browser';
import type { TestKernel } from '../../../test/support/harness';
import { forumKernel, forumUser, makePost, PASSWORD } from './forum-fixture';

const SHOTS = process.env.FORUM_SHOTS ? '/tmp/forum-shots' : null;

/** axe clean and no horizontal overflow at 375 and 1280 px (screenshots when FORUM_SHOTS is set). */
async function checkWidths(page: Page, name: string, ready: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForSelector(ready);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const violations = await checkAccessibility(page);
    expect(violations, `${name} at ${width}: ${describeViolations(violations)}`).to.deep.equal([]);
    if (width === 375) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} overflows`).to.equal(375);
  }
}

describe('forum: moderation in the back office (tour)', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let forumId: number;
  let browser: Browser;

  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  before(async () => {
    ({ tk, forumId } = await forumKernel());
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  it('a moderator sees a post arrive in the validation queue and validates it there; a new user is told how to earn the right to ask', async () => {
    const base = `/forum/help-${forumId}`;
    const uid = await tk.kernel.container.get(UserAccounts).create({ name: 'Moderating Employee', login: 'modemployee', email: 'modemployee@example.com', password: PASSWORD, groups: ['base.group_user'] });
    await tk.sudo().db('res_users').where({ id: uid }).update({ karma: 1000 });
    const asker = await forumUser(tk, 'touraskr', 10);
    await makePost(tk, asker.uid, { forum_id: forumId, name: 'Is my first question welcome here?', plain_content: 'I am new and would like to ask about the opening hours of the shop.', state: 'pending' });

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await signInBackoffice(page, tk.url, { login: 'modemployee', password: PASSWORD });
    await page.goto(`${tk.url}/web#menu=forum.pending`);
    await page.waitForSelector('.o_forum_queue_item');
    // Told live: a question posted now (karma 10: it waits for validation) joins the open queue.
    const csrf = await asker.client.csrfFrom(`${base}/ask`);
    await asker.client.postForm(`${base}/new`, { csrf_token: csrf, post_type: 'question', post_name: 'Can I pay by card?', content: 'At the counter, I mean.', post_tags: '' });
    await page.locator('.o_forum_moderation_notice', { hasText: 'Can I pay by card?' }).waitFor();
    await page.locator('.o_forum_queue_item', { hasText: 'Can I pay by card?' }).waitFor();
    await checkWidths(page, 'backoffice-validation-queue', '.o_forum_queue_item');

    const item = page.locator('.o_forum_queue_item', { hasText: 'Is my first question welcome here?' });
    await item.getByRole('button', { name: 'Validate' }).click();
    await item.waitFor({ state: 'detached' });
    const row = await tk.sudo().db('forum_post').where({ name: 'Is my first question welcome here?' }).first('state', 'moderator_id');
    expect(row).to.deep.equal({ state: 'active', moderator_id: uid });
    expect(await page.locator('.o_forum_queue_item').count()).to.equal(1);
    expect(errors).to.deep.equal([]);
    await page.close();

    await forumUser(tk, 'touranewbie', 0);
    const ask = await browser.newPage({ viewport: { width: 375, height: 900 } });
    await signIn(ask, tk.url, { login: 'touranewbie', password: PASSWORD, then: `${base}/ask` });
    // The button is in the server's HTML; a click before hydration would reach no handler.
    await ask.waitForSelector('[data-island="forum.validation_notice"][data-hydrated="true"]');
    await ask.getByRole('button', { name: 'Send the validation e-mail' }).click();
    await ask.getByRole('button', { name: 'Send it again' }).waitFor();
    await checkWidths(ask, 'ask-at-karma-0', '.forum-validation-to-ask');
    await ask.close();
  });
});

import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { signIn, watchErrors } from '../../../test/support/browser';
import type { TestKernel } from '../../../test/support/harness';
import { POST_MESSAGES, TITLE_MAX } from '../common/post-schemas';
import { PASSWORD, forumTourSite, forumUser, makePost } from './forum-fixture';

describe('forum: the edit form checks the shared schema in the browser before posting', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  forumTourSite((site, chromium) => { tk = site; browser = chromium; });

  it('shows the message under an emptied or too-long title and posts nothing; fixed, it saves', async () => {
    const { uid } = await forumUser(tk, 'formikeditor', 120);
    const q = await makePost(tk, uid, { forum_id: 1, name: 'Edited in the browser', content: '<p>Body</p>', plain_content: 'Body' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/save')) posts.push(r.url()); });
    await signIn(page, tk.url, { login: 'formikeditor', password: PASSWORD, then: `/forum/help-1/post/${q}/edit` });
    await page.waitForSelector('#content .ProseMirror');
    // An emptied title: the schema's message under the field while typing, and saving posts nothing.
    await page.fill('#post_name', '');
    await page.locator('#post_name_error', { hasText: POST_MESSAGES.titleRequired }).waitFor();
    await page.fill('#post_name', 'x'.repeat(TITLE_MAX + 1));
    await page.locator('#post_name_error', { hasText: POST_MESSAGES.titleTooLong }).waitFor();
    expect(await page.locator('#post_name').getAttribute('aria-describedby')).to.equal('post_name_error');
    await page.click('text=Save');
    await page.locator('#post_name_error', { hasText: POST_MESSAGES.titleTooLong }).waitFor();
    expect(posts).to.deep.equal([]);

    await page.fill('#post_name', 'Edited before posting');
    await page.locator('#post_name_error').waitFor({ state: 'detached' });
    await Promise.all([page.waitForURL(`**/question/${q}`), page.click('text=Save')]);
    expect(await tk.sudo().db('forum_post').where({ id: q }).first('name', 'content')).to.deep.equal({ name: 'Edited before posting', content: '<p>Body</p>' });
    expect(posts).to.have.length(1);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});

import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { signIn, watchErrors } from '../../../test/support/browser';
import type { TestKernel } from '../../../test/support/harness';
import { POST_MESSAGES } from '../common/post-schemas';
import { PASSWORD, forumTourSite, forumUser } from './forum-fixture';

describe('forum: the answer form checks the shared schema in the browser before posting', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let browser: Browser;

  forumTourSite((site, chromium) => { tk = site; browser = chromium; });

  it('shows the message under an empty answer and posts nothing; with a text, it posts', async () => {
    const { uid } = await forumUser(tk, 'formikanswerer', 120);
    const q = (await tk.sudo().db('forum_post').where({ name: 'Which browsers are supported?' }).first('id')).id;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/reply')) posts.push(r.url()); });
    await signIn(page, tk.url, { login: 'formikanswerer', password: PASSWORD, then: `/forum/help-1/question/${q}` });
    await page.waitForSelector('#forum-answer .ProseMirror');
    // Posting an empty answer: the schema's message under the field, the editor marked, no request.
    await page.click('text=Post Answer');
    await page.locator('#forum-answer_error').waitFor();
    expect(await page.locator('#forum-answer_error').textContent()).to.equal(POST_MESSAGES.answerText);
    expect(await page.locator('#forum-answer').getAttribute('class')).to.contain('is-invalid');
    expect(posts).to.deep.equal([]);

    await page.locator('#forum-answer .ProseMirror').click();
    await page.keyboard.type('Checked before posting.');
    await page.locator('#forum-answer_error').waitFor({ state: 'detached' });
    await Promise.all([page.waitForURL(`**/question/${q}`), page.click('text=Post Answer')]);
    const row = await tk.sudo().db('forum_post').where({ parent_id: q, create_uid: uid }).first('content');
    expect(row.content).to.equal('<p>Checked before posting.</p>');
    expect(posts).to.have.length(1);
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});

import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { checkAccessibility, describeViolations, launchBrowser, watchErrors } from '../../../test/support/browser';
import { RpcClient } from '../../../test/support/rpc-client';
import type { TestKernel } from '../../../test/support/harness';
import { forumKernel, forumUser, makePost, PASSWORD } from './forum-fixture';

/**
 * Vote, accept, favourite and flag without JavaScript: each button is a plain form posting with the
 * CSRF token to `<action>/form`, checked by the same rules as the JSON calls, back to the question
 * (language prefix kept), a refusal said once next to the post.
 */
describe('forum: post buttons without JavaScript', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let forumId: number;
  let base: string;
  let browser: Browser;

  before(async () => {
    ({ tk, forumId } = await forumKernel());
    base = `/forum/help-${forumId}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await tk?.stop();
  });

  const post = (id: number) => tk.sudo().db('forum_post').where({ id }).first('vote_count', 'is_correct', 'favourite_count', 'state');
  async function press(client: RpcClient, path: string, withToken = true): Promise<Response> {
    const fields: Record<string, string> = withToken ? { csrf_token: await client.csrfFrom(`${base}/ask`) } : {};
    return client.postForm(path, fields);
  }

  it('votes, accepts, favourites and flags with plain form posts, back to the post on the question page', async () => {
    const asker = await forumUser(tk, 'formasker', 30);
    const answerer = await forumUser(tk, 'formanswerer', 10);
    const flagger = await forumUser(tk, 'formflagger', 600);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Plain forms?', content: '<p>q</p>', child_count: 1 });
    const a = await makePost(tk, answerer.uid, { forum_id: forumId, parent_id: q, content: '<p>Yes</p>' });
    const up = await press(answerer.client, `${base}/post/${q}/upvote/form`);
    expect(up.status).to.equal(302);
    expect(up.headers.get('location')).to.equal(`${base}/question/${q}#post-${q}`);
    expect((await post(q)).vote_count).to.equal(1);
    // Under a language prefix, back to the page in that language.
    const down = await press(answerer.client, `/fr${base}/post/${q}/downvote/form`);
    expect(down.headers.get('location')).to.equal(`/fr${base}/question/${q}#post-${q}`);
    expect((await post(q)).vote_count).to.equal(0);
    expect((await press(asker.client, `${base}/post/${a}/toggle_correct/form`)).headers.get('location')).to.equal(`${base}/question/${q}#post-${a}`);
    expect(Boolean((await post(a)).is_correct)).to.equal(true);
    await press(asker.client, `${base}/question/${q}/toggle_favourite/form`);
    expect((await post(q)).favourite_count).to.equal(1);
    // Flagging an answer leaves the flagger on the question; a flagged question has left what they read: its forum.
    expect((await press(flagger.client, `${base}/post/${a}/flag/form`)).headers.get('location')).to.equal(`${base}/question/${q}#post-${a}`);
    expect((await post(a)).state).to.equal('flagged');
    expect((await press(flagger.client, `${base}/post/${q}/flag/form`)).headers.get('location')).to.equal(base);
  });

  it('keeps the karma rules, says a refusal once next to the post, and refuses a post without the CSRF token', async () => {
    const asker = await forumUser(tk, 'ruleasker', 30);
    const low = await forumUser(tk, 'rulelow', 4);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Rules apply', content: '<p>q</p>' });
    const refused = await press(low.client, `${base}/post/${q}/upvote/form`);
    expect(refused.headers.get('location')).to.equal(`${base}/question/${q}#post-${q}`);
    expect((await post(q)).vote_count).to.equal(0);
    const page = await (await low.client.get(`${base}/question/${q}`)).text();
    expect(page).to.contain('5 karma is required to perform this action.');
    expect(await (await low.client.get(`${base}/question/${q}`)).text()).to.not.contain('5 karma is required to perform this action.');
    await press(asker.client, `${base}/post/${q}/upvote/form`);
    expect(await (await asker.client.get(`${base}/question/${q}`)).text()).to.contain('Sorry, you cannot vote for your own posts');
    const forged = await press(asker.client, `${base}/post/${q}/flag/form`, false);
    expect(forged.status).to.equal(400);
    expect((await post(q)).state).to.equal('active');
    // Another forum's path, or a post the caller cannot see: 404, nothing written.
    const other = await tk.sudo().model('forum.forum').create({ name: 'Other' });
    expect((await press(low.client, `/forum/other-${other}/post/${q}/upvote/form`)).status).to.equal(404);
    // Visitors are sent to sign in (their buttons are links to the sign-in page on cached pages).
    expect((await new RpcClient(tk.url).postForm(`${base}/post/${q}/upvote/form`, {})).status).to.be.oneOf([302, 400]);
    const visitorPage = await (await new RpcClient(tk.url).get(`${base}/question/${q}`)).text();
    expect(visitorPage).to.contain('action="/web/login"').and.contain(`name="redirect" value="${base}/question/${q}"`);
  });

  it('in a browser with JavaScript off, the buttons post and come back to the question', async () => {
    const asker = await forumUser(tk, 'browserasker', 30);
    await forumUser(tk, 'browservoter', 10);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'No script here', content: '<p>q</p>' });
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${tk.url}/fr/web/login?redirect=${encodeURIComponent(`/fr${base}/question/${q}`)}`);
    await page.fill('input[name=login]', 'browservoter');
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForURL(`**/fr${base}/question/${q}`), page.click('form button[type=submit]')]);
    const article = page.locator(`#post-${q}`);
    await Promise.all([page.waitForNavigation(), article.locator('button[aria-label]').first().click()]);
    expect(new URL(page.url()).pathname).to.equal(`/fr${base}/question/${q}`);
    expect(await article.locator('.forum-vote-count').textContent()).to.equal('1');
    expect(await article.locator('button[aria-pressed="true"]').count()).to.equal(1);
    expect((await post(q)).vote_count).to.equal(1);
    // A flag needs 500 karma: refused, said next to the post, in the page's language.
    await Promise.all([page.waitForNavigation(), article.locator('button.forum-flag').click()]);
    expect(await article.locator('.forum-action-message').textContent()).to.equal('500 points de karma sont nécessaires pour effectuer cette action. Vous gagnez du karma quand la communauté vote pour vos réponses.');
    expect((await post(q)).state).to.equal('active');
    await context.close();
  });

  it('with JavaScript the island still calls JSON in place, and the page stays accessible', async () => {
    const asker = await forumUser(tk, 'jsasker', 30);
    await forumUser(tk, 'jsvoter', 10);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Script here', content: '<p>q</p>' });
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${tk.url}/web/login?redirect=${encodeURIComponent(`${base}/question/${q}`)}`);
    await page.fill('input[name=login]', 'jsvoter');
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForURL(`**${base}/question/${q}`), page.click('form button[type=submit]')]);
    await page.locator('[data-island="forum.post_actions"][data-hydrated="true"]').first().waitFor();
    const url = page.url();
    await page.locator(`#post-${q} button[aria-label="Vote up"]`).click();
    await page.locator(`#post-${q} .forum-vote-count`, { hasText: '1' }).waitFor();
    expect(page.url()).to.equal(url); // no navigation: the JSON call
    expect((await post(q)).vote_count).to.equal(1);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/forum-question-actions-${width}.png`, fullPage: true });
    }
    expect(describeViolations(await checkAccessibility(page))).to.equal('');
    expect(errors).to.deep.equal([]);
    await page.close();
  });
});

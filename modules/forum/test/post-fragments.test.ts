import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { forumKernel, forumUser, makePost } from './forum-fixture';

/**
 * The question page's posts come from a fragment cache (web/pages/post-fragments.tsx): a page must
 * never show another viewer's buttons, a stale post, or a stale CSRF token.
 */
describe('forum: cached post fragments on the question page', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  before(async () => {
    ({ tk, forumId } = await forumKernel());
  });
  after(async () => tk?.stop());

  it('shows each viewer their own buttons, a new comment at once, and a token that works', async () => {
    const author = await forumUser(tk, 'fragauthor', 10);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Cached question' });
    const a = await makePost(tk, author.uid, { forum_id: forumId, parent_id: q, content: '<p>Cached answer</p>' });
    await tk.sudo().db('forum_post').where({ id: q }).update({ child_count: 1 });
    const page = `/forum/help-${forumId}/question/${q}`;
    const reader = await forumUser(tk, 'fragreader', 10);
    const admin = await forumUser(tk, 'fragmod', 1000);
    const first = await (await reader.client.get(page)).text();
    expect(first).to.contain('Cached answer').and.not.contain(`/question/${a}/delete`);
    // The same fragments for a viewer with other rights: their delete buttons, not the reader's page.
    expect(await (await admin.client.get(page)).text()).to.contain(`/question/${a}/delete`);
    expect(await (await reader.client.get(page)).text()).to.not.contain(`/question/${a}/delete`);
    // The token of the (cached) comment form is the reader's and is accepted.
    const again = await (await reader.client.get(page)).text();
    const token = new RegExp(`action="/forum/help-${forumId}/post/${a}/comment"[^>]*><input type="hidden" name="csrf_token" value="([^"]+)"`).exec(again)?.[1];
    expect(token).to.be.a('string');
    const posted = await reader.client.postForm(`/forum/help-${forumId}/post/${a}/comment`, { csrf_token: token!, comment: 'A fresh comment' });
    expect(posted.status).to.equal(302);
    // The post changed (a comment): the next page shows it, for everybody.
    expect(await (await reader.client.get(page)).text()).to.contain('A fresh comment');
    expect(await (await admin.client.get(page)).text()).to.contain('A fresh comment');
  });
});

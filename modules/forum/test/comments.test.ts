import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { forumUser, makePost, forumKernel } from './forum-fixture';

describe('forum: comments', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  before(async () => {
    ({ tk, forumId } = await forumKernel());
  });
  after(async () => tk?.stop());

  const comments = (postId: number) => tk.sudo().db('mail_message').where({ model: 'forum.post', res_id: postId }).orderBy('id');

  it('comments from karma_comment (1), escapes the text, refuses empty ones and karma 0', async () => {
    const asker = await forumUser(tk, 'commentasker', 1);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Commented' });
    const page = `/forum/help-${forumId}/question/${q}`;
    const csrf = await asker.client.csrfFrom(`/forum/help-${forumId}/ask`);
    const posted = await asker.client.postForm(`/forum/help-${forumId}/post/${q}/comment`, { csrf_token: csrf, comment: '<script>alert(1)</script>\nsecond line' });
    expect(posted.status).to.equal(302);
    const html = await (await asker.client.get(page)).text();
    expect(html).to.match(/&lt;script&gt;alert\(1\)&lt;\/script&gt;<br ?\/?>second line/).and.not.contain('<script>alert(1)');
    expect((await asker.client.postForm(`/forum/help-${forumId}/post/${q}/comment`, { csrf_token: csrf, comment: '   ' })).status).to.equal(400);
    const zero = await forumUser(tk, 'zerocomment', 0);
    const zeroCsrf = await zero.client.csrfFrom(`/forum/help-${forumId}/ask`);
    const refused = await zero.client.postForm(`/forum/help-${forumId}/post/${q}/comment`, { csrf_token: zeroCsrf, comment: 'Hi' });
    expect(await refused.text()).to.contain('1 karma is required to perform this action.');
    expect(await comments(q)).to.have.length(1);
  });

  it('deletes own comments from karma_comment_unlink_own (50), others\' from _all (500)', async () => {
    const author = await forumUser(tk, 'commenter', 49);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Deletions' });
    const csrf = await author.client.csrfFrom(`/forum/help-${forumId}/ask`);
    await author.client.postForm(`/forum/help-${forumId}/post/${q}/comment`, { csrf_token: csrf, comment: 'Mine' });
    const [mine] = await comments(q);
    const del = (client: typeof author.client, token: string) => client.postForm(`/forum/help-${forumId}/post/${q}/comment/${mine.id}/delete`, { csrf_token: token });
    expect((await del(author.client, csrf)).status).to.equal(403);
    const other = await forumUser(tk, 'othermod', 499);
    const otherCsrf = await other.client.csrfFrom(`/forum/help-${forumId}/ask`);
    expect((await del(other.client, otherCsrf)).status).to.equal(403);
    await tk.sudo().db('res_users').where({ id: author.uid }).update({ karma: 50 });
    expect((await del(author.client, csrf)).status).to.equal(302);
    expect(await comments(q)).to.have.length(0);
    // A comment id of another post is not found through this post.
    const q2 = await makePost(tk, author.uid, { forum_id: forumId, name: 'Other' });
    await author.client.postForm(`/forum/help-${forumId}/post/${q2}/comment`, { csrf_token: csrf, comment: 'Elsewhere' });
    const [elsewhere] = await comments(q2);
    expect((await author.client.postForm(`/forum/help-${forumId}/post/${q}/comment/${elsewhere.id}/delete`, { csrf_token: csrf })).status).to.equal(404);
  });
});

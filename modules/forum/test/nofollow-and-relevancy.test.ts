import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { nofollowLinks } from '../server/services/nofollow';
import { relevancy } from '../server/services/relevancy';
import { forumUser, makePost, forumKernel } from './forum-fixture';

const DEFAULTS = { postVote: 0.8, timeDecay: 1.8 };
const DAY = 86_400_000;

describe('forum: nofollow links and relevancy', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  before(async () => {
    ({ tk, forumId } = await forumKernel());
  });
  after(async () => tk?.stop());

  it('rewrites the rel of every link of sanitised HTML, adding one where missing', () => {
    expect(nofollowLinks('<p><a href="https://a.example" rel="noopener noreferrer">a</a> and <A HREF="https://b.example">b</A></p>'))
      .to.equal('<p><a href="https://a.example" rel="nofollow ugc noopener noreferrer">a</a> and <A rel="nofollow ugc noopener noreferrer" HREF="https://b.example">b</A></p>');
    expect(nofollowLinks('<p title="a &gt; b"><abbr>x</abbr></p>')).to.equal('<p title="a &gt; b"><abbr>x</abbr></p>');
  });

  it('marks links of authors under karma_dofollow (500) nofollow on the question page, not those of 500 and more', async () => {
    const low = await forumUser(tk, 'lowlinks', 499);
    const high = await forumUser(tk, 'highlinks', 500);
    // Written through the ORM, so through the html field's sanitiser, as the services write posts.
    const q = await tk.sudo().model('forum.post').create({ forum_id: forumId, name: 'Links', content: '<p><a href="https://low.example/" rel="follow">low</a></p>' });
    const a = await tk.sudo().model('forum.post').create({ forum_id: forumId, parent_id: q, content: '<p><a href="https://high.example/">high</a></p>' });
    await tk.sudo().db('forum_post').where({ id: q }).update({ create_uid: low.uid });
    await tk.sudo().db('forum_post').where({ id: a }).update({ create_uid: high.uid });
    const html = await (await fetch(`${tk.url}/forum/help-${forumId}/question/${q}`)).text();
    expect(html).to.contain('<a href="https://low.example/" rel="nofollow ugc noopener noreferrer">low</a>');
    expect(html).to.contain('<a href="https://high.example/" rel="noopener noreferrer">high</a>');
    // Reaching the karma lifts it: decided when the page is rendered.
    await tk.sudo().db('res_users').where({ id: low.uid }).update({ karma: 500 });
    expect(await (await fetch(`${tk.url}/forum/help-${forumId}/question/${q}`)).text()).to.contain('<a href="https://low.example/" rel="noopener noreferrer">low</a>');
  });

  it('computes the reference relevancy: sign(v)·|v−1|^0.8 / (days+2)^1.8', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(relevancy(DEFAULTS, 0, now, now)).to.be.closeTo(1 / 2 ** 1.8, 1e-12);
    expect(relevancy(DEFAULTS, 3, new Date(now.getTime() - 1.5 * DAY), now)).to.be.closeTo(2 ** 0.8 / 3 ** 1.8, 1e-12);
    expect(relevancy(DEFAULTS, -2, now, now)).to.be.closeTo(-(3 ** 0.8) / 2 ** 1.8, 1e-12);
    expect(relevancy({ postVote: 1, timeDecay: 1 }, 5, new Date(now.getTime() - 2 * DAY), now)).to.be.closeTo(4 / 4, 1e-12);
  });

  it('stores it on new posts and at each vote, and sorts the forum page by it', async () => {
    const asker = await forumUser(tk, 'relasker', 200);
    const voter = await forumUser(tk, 'relvoter', 100);
    const csrf = await asker.client.csrfFrom(`/forum/help-${forumId}/ask`);
    await asker.client.postForm(`/forum/help-${forumId}/new`, { csrf_token: csrf, post_type: 'question', post_name: 'Fresh question', content: 'Text' });
    const fresh = await tk.sudo().db('forum_post').where({ name: 'Fresh question' }).first('id', 'relevancy');
    expect(Number(fresh.relevancy)).to.be.closeTo(1 / 2 ** 1.8, 1e-9); // a double on both databases
    // Three days old with two votes: a third one stores |3−1|^0.8 / 5^1.8.
    const created = new Date(Date.now() - 3 * DAY - 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const old = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Old voted question', vote_count: 2, create_date: created });
    // Its two votes (the count is counted from them).
    for (const login of ['relfan1', 'relfan2']) {
      const fan = await forumUser(tk, login, 100);
      await tk.sudo().db('forum_post_vote').insert({ post_id: old, user_id: fan.uid, vote: '1', forum_id: forumId, recipient_id: asker.uid });
    }
    expect(await voter.client.call(`/forum/help-${forumId}/post/${old}/upvote`)).to.deep.equal({ vote_count: 3, user_vote: 1 });
    const stored = await tk.sudo().db('forum_post').where({ id: old }).first('relevancy');
    expect(Number(stored.relevancy)).to.be.closeTo(2 ** 0.8 / 5 ** 1.8, 1e-9);
    const top = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Most relevant question', relevancy: 5 });
    const bottom = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Least relevant question', relevancy: -1 });
    const html = await (await fetch(`${tk.url}/forum/help-${forumId}?sorting=${encodeURIComponent('relevancy desc')}`)).text();
    const order = ['Most relevant question', 'Fresh question', 'Old voted question', 'Least relevant question'].map((t) => html.indexOf(`>${t}<`));
    expect(order.every((i) => i > 0), 'all four listed').to.equal(true);
    expect([...order].sort((x, y) => x - y)).to.deep.equal(order);
    expect(top).to.be.above(0);
    expect(bottom).to.be.above(0);
    expect(html).to.match(/<option value="relevancy desc" selected="">|<option selected="" value="relevancy desc">/);
  });
});

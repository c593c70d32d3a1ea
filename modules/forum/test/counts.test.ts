import { expect } from 'chai';
import type { RpcClient } from '../../../test/support/rpc-client';
import type { TestKernel } from '../../../test/support/harness';
import { up as recount } from '../migrations/20261126100000_forum_recount';
import { forumKernel, forumUser, makePost } from './forum-fixture';

/**
 * Stored counts are counted from the posts: a question's answers (two posted at once both count, on
 * PostgreSQL too), a tag's active questions after every moderation step, and a new tag needs
 * karma_tag_create.
 */
describe('forum: answer and tag counts, tag creation karma', function () {
  this.timeout(90_000);
  let tk: TestKernel;
  let forumId: number;
  let base: string;

  before(async () => {
    ({ tk, forumId } = await forumKernel());
    base = `/forum/help-${forumId}`;
  });
  after(async () => tk?.stop());

  const childCount = async (q: number) => Number((await tk.sudo().db('forum_post').where({ id: q }).first('child_count')).child_count);
  const activeAnswers = async (q: number) => Number((await tk.sudo().db('forum_post').where({ parent_id: q }).andWhere('active', true).count({ n: '*' }).first())!.n);
  /** Each tag's stored count next to a COUNT of the active questions carrying it. */
  async function tagCounts(): Promise<Array<{ name: string; stored: number; counted: number }>> {
    const tags = await tk.sudo().db('forum_tag').where({ forum_id: forumId }).orderBy('name').select('id', 'name', 'posts_count');
    const out = [];
    for (const t of tags) {
      const row = await tk.sudo().db('forum_tag_rel as r').join('forum_post as p', 'p.id', 'r.forum_post_id')
        .where({ 'r.forum_tag_id': t.id, 'p.state': 'active', 'p.active': true }).count({ n: '*' }).first();
      out.push({ name: String(t.name), stored: Number(t.posts_count), counted: Number(row!.n) });
    }
    return out;
  }
  async function expectTagCounts(step: string, expected: Record<string, number>): Promise<void> {
    const counts = await tagCounts();
    for (const c of counts) expect(c.stored, `${step}: ${c.name} stored vs COUNT`).to.equal(c.counted);
    expect(Object.fromEntries(counts.filter((c) => c.name in expected).map((c) => [c.name, c.stored])), step).to.deep.equal(expected);
  }
  async function ask(client: RpcClient, name: string, tags: string): Promise<{ status: number; text: string; id: number | null }> {
    const csrf = await client.csrfFrom(`${base}/ask`);
    const res = await client.postForm(`${base}/new`, { csrf_token: csrf, post_type: 'question', post_name: name, content: 'Some text', post_tags: tags });
    const row = await tk.sudo().db('forum_post').where({ name }).first('id');
    return { status: res.status, text: res.status === 302 ? '' : await res.text(), id: row ? Number(row.id) : null };
  }
  async function post(client: RpcClient, path: string, fields: Record<string, string> = {}): Promise<number> {
    const csrf = await client.csrfFrom(`${base}/ask`);
    const res = await client.postForm(path, { csrf_token: csrf, ...fields });
    if (res.status !== 302) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.status;
  }

  it('counts answers posted at the same time (each in its own request and transaction)', async () => {
    const asker = await forumUser(tk, 'busyasker', 200);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Busy question', content: '<p>?</p>' });
    const answerers = await Promise.all(Array.from({ length: 8 }, (_, i) => forumUser(tk, `answerer${i}`, 10)));
    const csrfs = await Promise.all(answerers.map((a) => a.client.csrfFrom(`${base}/ask`)));
    const answers = await Promise.all(answerers.map((a, i) => a.client.postForm(`${base}/${q}/reply`, { csrf_token: csrfs[i], content: `Answer ${i}` })));
    expect(answers.map((r) => r.status)).to.deep.equal(answerers.map(() => 302));
    expect(await activeAnswers(q)).to.equal(8);
    expect(await childCount(q)).to.equal(8);
  });

  it('counts votes cast at the same time', async () => {
    const asker = await forumUser(tk, 'votedasker', 200);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Voted question', content: '<p>?</p>' });
    const voters = await Promise.all(Array.from({ length: 8 }, (_, i) => forumUser(tk, `voter${i}`, 10)));
    const results = await Promise.all(voters.map((v) => v.client.call<{ vote_count: number }>(`${base}/post/${q}/upvote`, {})));
    expect(results).to.have.length(8);
    expect(Number((await tk.sudo().db('forum_post').where({ id: q }).first('vote_count')).vote_count)).to.equal(8);
  });

  it('keeps the answer count after deleting, marking offensive and restoring answers', async () => {
    const asker = await forumUser(tk, 'countasker', 200);
    const mod = await forumUser(tk, 'countmod', 2000);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Counted question', content: '<p>?</p>' });
    for (let i = 0; i < 3; i++) await post(mod.client, `${base}/${q}/reply`, { content: `Reply ${i}` });
    const [a1, a2] = (await tk.sudo().db('forum_post').where({ parent_id: q }).orderBy('id').select('id')).map((r) => Number(r.id));
    expect(await childCount(q)).to.equal(3);
    await post(mod.client, `${base}/question/${a1}/delete`);
    expect(await childCount(q)).to.equal(await activeAnswers(q)).and.to.equal(2);
    const reason = Number((await tk.sudo().db('ir_model_data').where({ module: 'forum', name: 'reason_11' }).first('res_id')).res_id);
    await post(mod.client, `${base}/post/${a2}/mark_as_offensive`, { reason_id: String(reason) });
    expect(await childCount(q)).to.equal(await activeAnswers(q)).and.to.equal(1);
    await post(mod.client, `${base}/post/${a2}/validate`, { queue_type: 'offensive' });
    expect(await childCount(q)).to.equal(await activeAnswers(q)).and.to.equal(2);
  });

  it('keeps tag counts equal to a COUNT of active questions after validate, refuse, flag, close, reopen, offensive and delete', async () => {
    const newbie = await forumUser(tk, 'tagnewbie', 40); // under karma_post (100): questions wait for a moderator
    const regular = await forumUser(tk, 'tagregular', 200);
    const mod = await forumUser(tk, 'tagmod', 2000);
    const q1 = (await ask(regular.client, 'Tagged one', 'alpha beta')).id!;
    const q2 = (await ask(regular.client, 'Tagged two', 'alpha')).id!;
    await expectTagCounts('asked', { alpha: 2, beta: 1 });
    const p1 = (await ask(newbie.client, 'Pending one', 'alpha beta')).id!;
    const p2 = (await ask(newbie.client, 'Pending two', 'beta')).id!;
    expect((await tk.sudo().db('forum_post').where({ id: p1 }).first('state')).state).to.equal('pending');
    await expectTagCounts('pending questions do not count', { alpha: 2, beta: 1 });
    await post(mod.client, `${base}/post/${p1}/validate`, { queue_type: 'validation' });
    await expectTagCounts('validated', { alpha: 3, beta: 2 });
    await post(mod.client, `${base}/post/${p2}/refuse`, { queue_type: 'validation' });
    await expectTagCounts('refused', { alpha: 3, beta: 2 });
    await mod.client.call(`${base}/post/${q2}/flag`, {});
    await expectTagCounts('flagged', { alpha: 2, beta: 2 });
    await post(mod.client, `${base}/post/${q2}/validate`, { queue_type: 'flagged' });
    await expectTagCounts('unflagged', { alpha: 3, beta: 2 });
    await post(mod.client, `${base}/question/${q1}/close`);
    await expectTagCounts('closed', { alpha: 2, beta: 1 });
    await post(mod.client, `${base}/question/${q1}/reopen`);
    await expectTagCounts('reopened', { alpha: 3, beta: 2 });
    const reason = Number((await tk.sudo().db('ir_model_data').where({ module: 'forum', name: 'reason_11' }).first('res_id')).res_id);
    await post(mod.client, `${base}/post/${p1}/mark_as_offensive`, { reason_id: String(reason) });
    await expectTagCounts('offensive', { alpha: 2, beta: 1 });
    await post(mod.client, `${base}/question/${q1}/delete`);
    await expectTagCounts('deleted', { alpha: 1, beta: 0 });
  });

  it('creates a new tag while asking from karma_tag_create (30), not the retag karma (75)', async () => {
    await tk.sudo().model('forum.tag').create({ name: 'existing', forum_id: forumId });
    const low = await forumUser(tk, 'tagcreator29', 29);
    const tags = () => tk.sudo().db('forum_tag').where({ forum_id: forumId }).count({ n: '*' }).first().then((r) => Number(r!.n));
    const before = await tags();
    const refused = await ask(low.client, 'New tag too early', 'existing brandnew');
    expect(refused.status).to.equal(400);
    expect(refused.text).to.contain('30 karma is required to perform this action.');
    expect(refused.id).to.equal(null);
    expect(await tags()).to.equal(before);
    // An existing tag needs no karma of its own.
    expect((await ask(low.client, 'Existing tag only', 'existing')).status).to.equal(302);
    const enough = await forumUser(tk, 'tagcreator30', 30);
    const created = await ask(enough.client, 'New tag at 30', 'existing brandnew');
    expect(created.status).to.equal(302);
    expect(await tk.sudo().db('forum_tag').where({ forum_id: forumId, name: 'brandnew' }).first('id')).to.exist;
    // The ask form lets the tag selector create tags from that karma, and says which karma it needs.
    expect(await (await low.client.get(`${base}/ask`)).text()).to.contain('&quot;createKarma&quot;:30').and.contain('&quot;mayCreate&quot;:false');
    expect(await (await enough.client.get(`${base}/ask`)).text()).to.contain('&quot;mayCreate&quot;:true');
    // The forum's own setting is the one applied.
    await tk.sudo().model('forum.forum').write([forumId], { karma_tag_create: 31 });
    try {
      const raised = await ask(enough.client, 'New tag at 30 of 31', 'another');
      expect(raised.text).to.contain('31 karma is required to perform this action.');
    } finally {
      await tk.sudo().model('forum.forum').write([forumId], { karma_tag_create: 30 });
    }
  });

  it('the upgrade recounts counts that drifted before', async () => {
    const asker = await forumUser(tk, 'driftasker', 200);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Drifted question', content: '<p>?</p>' });
    await makePost(tk, asker.uid, { forum_id: forumId, parent_id: q, content: '<p>a</p>' });
    await tk.sudo().db('forum_post').where({ id: q }).update({ child_count: 7 });
    await tk.sudo().db('forum_tag').where({ forum_id: forumId }).update({ posts_count: 99 });
    await recount(tk.sudo().db);
    expect(await childCount(q)).to.equal(1);
    for (const c of await tagCounts()) expect(c.stored, c.name).to.equal(c.counted);
  });
});

import { expect } from 'chai';
import { WsProbe } from '@modules/bus/test/support';
import type { TestKernel } from '../../../test/support/harness';
import { ModerationDigest } from '../server/services/moderation-digest';
import { forumKernel, forumUser, karmaOf, makePost } from './forum-fixture';

/**
 * Moderation where moderators work (issue 27 item 8): the back office's queue calls and their rights,
 * the bus notification of a post waiting for validation, the daily digest, the ask form at karma 0.
 */
describe('forum: moderation in the back office, moderators told of pending posts', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  let base: string;
  const row = (id: number) => tk.sudo().db('forum_post').where({ id }).first('state', 'active', 'moderator_id', 'closed_reason_id');
  const offensiveReason = async () => Number((await tk.sudo().db('ir_model_data').where({ module: 'forum', name: 'reason_11' }).first('res_id')).res_id);

  before(async () => {
    ({ tk, forumId } = await forumKernel());
    base = `/forum/help-${forumId}`;
  });
  after(async () => tk?.stop());

  it('refuses a non-moderator every decision (nothing written) and lists them no queue', async () => {
    const author = await forumUser(tk, 'pendingauthor', 5);
    const other = await forumUser(tk, 'notamod', 999);
    const pending = await makePost(tk, author.uid, { forum_id: forumId, name: 'Waiting for a moderator', plain_content: 'please', state: 'pending' });
    const flagged = await makePost(tk, author.uid, { forum_id: forumId, name: 'Flagged one', state: 'flagged', flag_user_id: other.uid });
    expect(await other.client.call('/forum/moderation/queue', { type: 'validation' })).to.deep.equal({ forums: [], items: [], reasons: [] });
    for (const decision of ['validate', 'refuse']) {
      const res = await other.client.rpc('/forum/moderation/decide', { post_id: pending, decision });
      expect(res.error?.data.name, decision).to.equal('AccessError');
    }
    expect((await other.client.rpc('/forum/moderation/mark_offensive', { post_id: flagged, reason_id: await offensiveReason() })).error?.data.name).to.equal('AccessError');
    expect(await row(pending)).to.include({ state: 'pending', moderator_id: null });
    expect(await row(flagged)).to.include({ state: 'flagged', closed_reason_id: null });
    expect(await karmaOf(tk, author.uid)).to.equal(5);
    // Bad input: a clear error, nothing written.
    expect((await other.client.rpc('/forum/moderation/decide', { post_id: pending, decision: 'delete' })).error?.data.name).to.equal('ValidationError');
    expect((await other.client.rpc('/forum/moderation/queue', { type: 'all' })).error?.data.name).to.equal('ValidationError');
  });

  it('lets a moderator list the queues of their forums and validate, refuse and mark offensive from them', async () => {
    const author = await forumUser(tk, 'queuedauthor', 5);
    const mod = await forumUser(tk, 'bomod', 1000);
    const a = await makePost(tk, author.uid, { forum_id: forumId, name: 'To validate', plain_content: 'first', state: 'pending' });
    const b = await makePost(tk, author.uid, { forum_id: forumId, name: 'To refuse', plain_content: 'second', state: 'pending' });
    const c = await makePost(tk, author.uid, { forum_id: forumId, name: 'Rude', plain_content: 'rude', state: 'flagged', flag_user_id: mod.uid });
    const queue = await mod.client.call<{ forums: Array<{ id: number }>; items: Array<{ id: number; forumName: string; path: string; authorName: string }>; reasons: unknown[] }>('/forum/moderation/queue', { type: 'validation' });
    expect(queue.forums.map((f) => f.id)).to.deep.equal([forumId]);
    const ids = queue.items.map((i) => i.id);
    expect(ids).to.include.members([a, b]);
    expect(queue.items.find((i) => i.id === a)).to.include({ forumName: 'Help', authorName: 'queuedauthor', path: `${base}/question/to-validate-${a}` });
    expect(queue.reasons).to.not.be.empty;
    expect(await mod.client.call('/forum/moderation/decide', { post_id: a, decision: 'validate' })).to.equal(true);
    expect(await mod.client.call('/forum/moderation/decide', { post_id: b, decision: 'refuse' })).to.equal(true);
    expect(await row(a)).to.include({ state: 'active', moderator_id: mod.uid });
    expect(await row(b)).to.include({ state: 'close', moderator_id: mod.uid });
    expect(await karmaOf(tk, author.uid)).to.equal(7); // a validated question earns its author karma_gen_question_new (2)
    const flaggedQueue = await mod.client.call<{ items: Array<{ id: number; flaggedBy: string }> }>('/forum/moderation/queue', { type: 'flagged' });
    expect(flaggedQueue.items.find((i) => i.id === c)).to.include({ flaggedBy: 'bomod' });
    expect(await mod.client.call('/forum/moderation/mark_offensive', { post_id: c, reason_id: await offensiveReason() })).to.equal(true);
    expect(await row(c)).to.include({ state: 'offensive', closed_reason_id: await offensiveReason() });
    const offensive = await mod.client.call<{ items: Array<{ id: number }> }>('/forum/moderation/queue', { type: 'offensive' });
    expect(offensive.items.map((i) => i.id)).to.include(c);
    // A decision on a post no longer queued is refused with why.
    expect((await mod.client.rpc('/forum/moderation/decide', { post_id: a, decision: 'refuse' })).error?.data.message).to.equal('This post is not waiting for a moderator.');
  });

  it('pushes a new post waiting for validation to the moderators\' bus channels, not to others', async () => {
    const asker = await forumUser(tk, 'lowkarmaasker', 10); // may ask (3), not post without validation (100)
    const mod = await forumUser(tk, 'busmod', 1500);
    const bystander = await forumUser(tk, 'bystander', 50);
    const modBus = await WsProbe.open(tk.url, { cookie: mod.client.cookie });
    const otherBus = await WsProbe.open(tk.url, { cookie: bystander.client.cookie });
    try {
      modBus.subscribe([]);
      otherBus.subscribe([]);
      await new Promise((r) => setTimeout(r, 200)); // the subscriptions reach the server
      const csrf = await asker.client.csrfFrom(`${base}/ask`);
      const res = await asker.client.postForm(`${base}/new`, { csrf_token: csrf, post_type: 'question', post_name: 'Needs a moderator', content: 'Some text', post_tags: '' });
      expect(res.status).to.equal(302);
      const id = Number((await tk.sudo().db('forum_post').where({ name: 'Needs a moderator' }).first('id', 'state')).id);
      expect((await row(id)).state).to.equal('pending');
      const [pushed] = await modBus.notifications(1, 5000);
      expect(pushed.message).to.deep.equal({
        type: 'forum.pending',
        pending: { forumId, forumName: 'Help', postId: id, title: 'Needs a moderator', author: 'lowkarmaasker', path: `${base}/validation_queue` },
      });
      await otherBus.silent(300);
    } finally {
      modBus.close();
      otherBus.close();
    }
  });

  it('queues one digest a day per moderator listing the pending posts, and sends it through the mail queue', async () => {
    const digest = tk.kernel.container.get(ModerationDigest);
    await tk.sudo().db('forum_post').where({ state: 'pending' }).update({ state: 'close' });
    expect(await digest.enqueue(tk.sudo(), '2026-01-01')).to.equal(0); // nothing waits: no mail
    const author = await forumUser(tk, 'digestauthor', 5);
    await makePost(tk, author.uid, { forum_id: forumId, name: 'Digest post one', state: 'pending' });
    await makePost(tk, author.uid, { forum_id: forumId, name: 'Digest <b>two</b>', state: 'pending' });
    const moderators = (await tk.sudo().db('res_users').where('karma', '>=', 1000).andWhere({ active: true }).select('login')).map((r: { login: string }) => r.login);
    const queued = await digest.enqueue(tk.sudo(), '2026-01-02');
    expect(queued).to.equal(moderators.length).and.to.be.greaterThan(0);
    expect(await digest.enqueue(tk.sudo(), '2026-01-02')).to.equal(0); // the same day again: nothing more
    expect(await digest.drain()).to.equal(queued);
    const mail = await tk.sudo().db('mail_outbox').where({ email_to: 'bomod@example.com' }).orderBy('id', 'desc').first();
    expect(mail.subject).to.equal('2 forum posts waiting for validation');
    expect(mail.body_html).to.contain('Digest post one').and.contain('Digest &lt;b&gt;two&lt;/b&gt;').and.contain('Help: 2 waiting');
    expect(await tk.sudo().db('mail_outbox').where({ email_to: 'digestauthor@example.com' }).first()).to.equal(undefined);
    expect(await tk.sudo().db('mail_outbox').where({ email_to: 'notamod@example.com' }).first()).to.equal(undefined);
  });

  it('tells a 0-karma user on the ask form how to earn the right to post, with the validation mail to send', async () => {
    const newbie = await forumUser(tk, 'newasker', 0);
    const page = await (await newbie.client.get(`${base}/ask`)).text();
    expect(page).to.contain('data-island="forum.validation_notice"').and.contain('&quot;toAsk&quot;:{&quot;needed&quot;:3,&quot;gain&quot;:7}');
    const down = await forumUser(tk, 'downvoted', 1);
    expect(await (await down.client.get(`${base}/ask`)).text()).to.contain('forum-karma-to-ask').and.not.contain('forum.validation_notice');
    const able = await forumUser(tk, 'ableasker', 3);
    expect(await (await able.client.get(`${base}/ask`)).text()).to.not.contain('forum-karma-to-ask').and.not.contain('forum.validation_notice');
  });
});

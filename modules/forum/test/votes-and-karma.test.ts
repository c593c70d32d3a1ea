import { expect } from 'chai';
import { RpcClient } from '../../../test/support/rpc-client';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { UserAccounts } from '@platform/base';
import { forumUser, karmaOf, makePost, forumKernel, PASSWORD } from './forum-fixture';

const KARMA_MESSAGE = (n: number) => `${n} karma is required to perform this action. You can earn karma by having your answers upvoted by the community.`;

describe('forum: votes, accept, favourite, flag and the karma they give', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  let author: { uid: number; client: RpcClient };
  let question: number;

  before(async () => {
    ({ tk, forumId } = await forumKernel());
    author = await forumUser(tk, 'author', 10);
    question = await makePost(tk, author.uid, { forum_id: forumId, name: 'A question' });
  });
  after(async () => tk?.stop());

  const path = (post: number, action: string) => `/forum/help-${forumId}/post/${post}/${action}`;

  it('refuses visitors and own posts with the codes the browser turns into messages', async () => {
    const visitor = new RpcClient(tk.url);
    expect(await visitor.call(path(question, 'upvote'))).to.deep.equal({ error: 'anonymous_user' });
    expect(await visitor.call(path(question, 'flag'))).to.deep.equal({ error: 'anonymous_user' });
    expect(await visitor.call(path(question, 'toggle_correct'))).to.deep.equal({ error: 'anonymous_user' });
    expect(await author.client.call(path(question, 'upvote'))).to.deep.equal({ error: 'own_post' });
  });

  it('needs karma_upvote (5) to upvote: 4 is refused with the karma message, 5 may', async () => {
    const low = await forumUser(tk, 'four', 4);
    const refused = await low.client.rpc(path(question, 'upvote'));
    expect(refused.error?.data.name).to.equal('AccessError');
    expect(refused.error?.data.message).to.equal(KARMA_MESSAGE(5));
    const five = await forumUser(tk, 'five', 5);
    const before = await karmaOf(tk, author.uid);
    expect(await five.client.call(path(question, 'upvote'))).to.deep.equal({ vote_count: 1, user_vote: 1 });
    expect(await karmaOf(tk, author.uid)).to.equal(before + 5);
    // The same arrow again withdraws the vote, one step, and takes the karma back.
    expect(await five.client.call(path(question, 'upvote'))).to.deep.equal({ vote_count: 0, user_vote: 0 });
    expect(await karmaOf(tk, author.uid)).to.equal(before);
    // Down from 0 needs the downvote karma (50).
    expect((await five.client.rpc(path(question, 'downvote'))).error?.data.message).to.equal(KARMA_MESSAGE(50));
  });

  it('moves one step at a time and gives the question and answer gains of the reference table', async () => {
    const voter = await forumUser(tk, 'voter', 50);
    const answer = await makePost(tk, author.uid, { forum_id: forumId, parent_id: question });
    let karma = await karmaOf(tk, author.uid);
    expect(await voter.client.call(path(question, 'downvote'))).to.deep.equal({ vote_count: -1, user_vote: -1 });
    expect(await karmaOf(tk, author.uid)).to.equal(karma - 2);
    expect(await voter.client.call(path(question, 'upvote'))).to.deep.equal({ vote_count: 0, user_vote: 0 });
    expect(await voter.client.call(path(question, 'upvote'))).to.deep.equal({ vote_count: 1, user_vote: 1 });
    expect(await karmaOf(tk, author.uid)).to.equal(karma + 5);
    karma = await karmaOf(tk, author.uid);
    expect(await voter.client.call(path(answer, 'upvote'))).to.deep.equal({ vote_count: 1, user_vote: 1 });
    expect(await karmaOf(tk, author.uid)).to.equal(karma + 10);
    expect(await voter.client.call(path(answer, 'downvote'))).to.deep.equal({ vote_count: 0, user_vote: 0 });
    expect(await voter.client.call(path(answer, 'downvote'))).to.deep.equal({ vote_count: -1, user_vote: -1 });
    expect(await karmaOf(tk, author.uid)).to.equal(karma - 2);
    const rows = await tk.sudo().db('forum_post_vote').where({ post_id: answer });
    expect(rows).to.have.length(1);
  });

  it('accepts with karma_answer_accept_own (20 exactly), clears the other answers, gives +15 and +2', async () => {
    const asker = await forumUser(tk, 'asker', 19);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Which one?' });
    const a1 = await makePost(tk, author.uid, { forum_id: forumId, parent_id: q });
    const a2 = await makePost(tk, author.uid, { forum_id: forumId, parent_id: q });
    expect((await asker.client.rpc(path(a1, 'toggle_correct'))).error?.data.message).to.equal(KARMA_MESSAGE(20));
    await tk.sudo().db('res_users').where({ id: asker.uid }).update({ karma: 20 });
    const authorKarma = await karmaOf(tk, author.uid);
    expect(await asker.client.call(path(a1, 'toggle_correct'))).to.equal(true);
    expect(await karmaOf(tk, author.uid)).to.equal(authorKarma + 15);
    expect(await karmaOf(tk, asker.uid)).to.equal(22);
    expect(await asker.client.call(path(a2, 'toggle_correct'))).to.equal(true);
    const correct = await tk.sudo().db('forum_post').where({ parent_id: q, is_correct: true }).pluck('id');
    expect(correct).to.deep.equal([a2]);
    expect(await karmaOf(tk, author.uid)).to.equal(authorKarma + 15);
    // Someone else's question needs karma_answer_accept_all (500).
    const other = await forumUser(tk, 'other', 499);
    expect((await other.client.rpc(path(a1, 'toggle_correct'))).error?.data.message).to.equal(KARMA_MESSAGE(500));
  });

  it('toggles a favourite and answers the new boolean; visitors must sign in', async () => {
    const fan = await forumUser(tk, 'fan', 1);
    const fav = `/forum/help-${forumId}/question/${question}/toggle_favourite`;
    expect(await fan.client.call(fav)).to.equal(true);
    expect(await fan.client.call(fav)).to.equal(false);
    expect((await new RpcClient(tk.url).rpc(fav)).error?.code).to.equal(100);
  });

  it('flags with karma_flag (500): moderator or user answer, already flagged, not flaggable', async () => {
    const target = await makePost(tk, author.uid, { forum_id: forumId, name: 'Spam?' });
    const low = await forumUser(tk, 'lowflag', 499);
    expect((await low.client.rpc(path(target, 'flag'))).error?.data.message).to.equal(KARMA_MESSAGE(500));
    const flagger = await forumUser(tk, 'flagger', 500);
    expect(await flagger.client.call(path(target, 'flag'))).to.deep.equal({ success: 'post_flagged_non_moderator' });
    // A flagged post has left the lists: the flagger no longer reads it, its author still does.
    expect((await flagger.client.rpc(path(target, 'flag'))).error?.data.name).to.equal('MissingError');
    expect(await author.client.call(path(target, 'upvote'))).to.deep.equal({ error: 'own_post' });
    const moderator = await forumUser(tk, 'moderator', 1000);
    const second = await makePost(tk, author.uid, { forum_id: forumId, name: 'Spam again?' });
    expect(await moderator.client.call(path(second, 'flag'))).to.deep.equal({ success: 'post_flagged_moderator' });
    const closed = await makePost(tk, author.uid, { forum_id: forumId, name: 'Closed', state: 'close' });
    expect(await moderator.client.call(path(closed, 'flag'))).to.deep.equal({ error: 'post_non_flaggable' });
  });

  it('answers 404 for a post of another forum and refuses payloads', async () => {
    const other = await tk.sudo().model('forum.forum').create({ name: 'Other' });
    const voter = await forumUser(tk, 'voter2', 50);
    expect((await voter.client.rpc(`/forum/other-${other}/post/${question}/upvote`)).error?.data.name).to.equal('MissingError');
    expect((await voter.client.rpc(path(question, 'upvote'), { vote: 1 })).error?.data.name).to.equal('ValidationError');
    expect((await voter.client.rpc(`/forum/help-${forumId}/post/abc/upvote`)).error?.data.name).to.equal('MissingError');
  });
});

describe('forum: the generic ORM cannot bypass the karma rules', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['forum'], http: true });
  });
  after(async () => tk?.stop());

  it('refuses users writing posts, votes and their own karma through call_kw; visitors read active posts only', async () => {
    const forumId = await tk.sudo().model('forum.forum').create({ name: 'Help' });
    const user = await forumUser(tk, 'rights', 10_000);
    const question = await makePost(tk, user.uid, { forum_id: forumId, name: 'Mine' });
    const pending = await makePost(tk, user.uid, { forum_id: forumId, name: 'Pending', state: 'pending' });
    for (const [model, method, args] of [
      ['forum.post', 'create', [{ forum_id: forumId, name: 'Direct' }]],
      ['forum.post', 'write', [[question], { vote_count: 1000 }]],
      ['forum.post.vote', 'create', [{ post_id: question, user_id: user.uid, vote: '1' }]],
      ['forum.tag', 'create', [{ forum_id: forumId, name: 'direct' }]],
    ] as const) {
      const res = await user.client.rpc('/web/dataset/call_kw', { model, method, args, kwargs: {} });
      expect(res.error?.data.name, `${model}.${method}`).to.equal('AccessError');
    }
    const karma = await user.client.rpc('/web/dataset/call_kw', { model: 'res.users', method: 'write', args: [[user.uid], { karma: 99_999 }], kwargs: {} });
    expect(karma.error, 'karma is read-only').to.not.equal(undefined);
    expect(await karmaOf(tk, user.uid)).to.equal(10_000);
    const visitor = new RpcClient(tk.url);
    const seen = await visitor.callKw<Array<{ id: number }>>('forum.post', 'search_read', [[], ['name']]);
    expect(seen.map((p) => p.id)).to.deep.equal([question]);
    expect(seen.map((p) => p.id)).to.not.include(pending);
  });

  it('lets administrators set a user\'s karma through the ORM (the back office form), logging each change; nobody else', async () => {
    const target = await forumUser(tk, 'settarget', 40);
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const fields = await admin.callKw<Record<string, { readonly: boolean }>>('res.users', 'fields_get', [['karma']]);
    expect(fields.karma.readonly, 'the form lets administrators edit it').to.equal(false);
    await admin.callKw('res.users', 'write', [[target.uid], { karma: 1200 }]);
    expect(await karmaOf(tk, target.uid)).to.equal(1200);
    const adminUid = Number((await tk.sudo().db('res_users').where({ login: 'admin' }).first('id')).id);
    const logged = await admin.callKw<Array<Record<string, unknown>>>('forum.karma.tracking', 'search_read', [[['user_id', '=', target.uid]], ['old_value', 'new_value', 'create_uid']]);
    expect(logged.map((l) => [l.old_value, l.new_value, (l.create_uid as [number, string])[0]])).to.deep.equal([[40, 1200, adminUid]]);
    // Writing the same value again changes and logs nothing; a value that is not a whole number is refused.
    await admin.callKw('res.users', 'write', [[target.uid], { karma: 1200 }]);
    const bad = await admin.rpc('/web/dataset/call_kw', { model: 'res.users', method: 'write', args: [[target.uid], { karma: 'lots' }], kwargs: {} });
    expect(bad.error?.data.name).to.equal('ValidationError');
    expect(await tk.sudo().db('forum_karma_tracking').where({ user_id: target.uid }).count({ n: '*' }).first().then((r) => Number(r!.n))).to.equal(1);
    // Neither a portal user nor an internal user who is not an administrator sets karma, nor reads the log.
    const employeeUid = await tk.kernel.container.get(UserAccounts).create({ name: 'Employee', login: 'employee', email: 'employee@example.com', password: PASSWORD, groups: ['base.group_user'] });
    const employee = new RpcClient(tk.url);
    await employee.authenticate('employee', PASSWORD);
    for (const [client, uid] of [[target.client, target.uid], [employee, employeeUid], [employee, target.uid]] as const) {
      const refused = await client.rpc('/web/dataset/call_kw', { model: 'res.users', method: 'write', args: [[uid], { karma: 5000 }], kwargs: {} });
      expect(refused.error?.data.name).to.equal('AccessError');
    }
    expect(await karmaOf(tk, target.uid)).to.equal(1200);
    expect(await karmaOf(tk, employeeUid)).to.equal(0);
    expect((await employee.rpc('/web/dataset/call_kw', { model: 'forum.karma.tracking', method: 'search_read', args: [[], ['new_value']], kwargs: {} })).error?.data.name).to.equal('AccessError');
    expect(await tk.sudo().db('forum_karma_tracking').count({ n: '*' }).first().then((r) => Number(r!.n))).to.equal(1);
  });
});

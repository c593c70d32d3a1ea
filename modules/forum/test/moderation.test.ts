import { expect } from 'chai';
import { RpcClient } from '../../../test/support/rpc-client';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { UserAccounts } from '@platform/base';
import { forumUser, karmaOf, makePost, PASSWORD, forumKernel } from './forum-fixture';

describe('forum: flagged and offensive queues, failed decisions, back office', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  let base: string;
  const state = (id: number) => tk.sudo().db('forum_post').where({ id }).first('state', 'active', 'closed_reason_id', 'moderator_id');
  const reasonId = async (xmlid: string) => Number((await tk.sudo().db('ir_model_data').where({ module: 'forum', name: xmlid }).first('res_id')).res_id);

  before(async () => {
    ({ tk, forumId } = await forumKernel());
    base = `/forum/help-${forumId}`;
  });
  after(async () => tk?.stop());

  it('opens the queues from karma_moderate (1000): 999 gets 404, and the forum page links them for moderators only', async () => {
    const almost = await forumUser(tk, 'mod999', 999);
    for (const queue of ['validation_queue', 'flagged_queue', 'offensive_posts']) expect((await almost.client.get(`${base}/${queue}`)).status, queue).to.equal(404);
    expect(await (await almost.client.get(base)).text()).to.not.contain('/flagged_queue');
    const mod = await forumUser(tk, 'mod1000', 1000);
    for (const queue of ['validation_queue', 'flagged_queue', 'offensive_posts']) expect((await mod.client.get(`${base}/${queue}`)).status, queue).to.equal(200);
    expect(await (await mod.client.get(base)).text()).to.contain(`${base}/flagged_queue`);
    expect((await new RpcClient(tk.url).get(`${base}/flagged_queue`)).status).to.equal(302);
  });

  it('lists flagged posts, unflags one, marks another offensive with a reason (author -100), restores it (+100)', async () => {
    const author = await forumUser(tk, 'flaggedauthor', 150);
    const mod = await forumUser(tk, 'flagmod', 1200);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'A question', content: '<p>q</p>' });
    const kept = await makePost(tk, author.uid, { forum_id: forumId, parent_id: q, content: '<p>fine answer</p>', plain_content: 'fine answer', state: 'flagged', flag_user_id: mod.uid });
    const rude = await makePost(tk, author.uid, { forum_id: forumId, parent_id: q, content: '<p>rude answer</p>', plain_content: 'rude answer', state: 'flagged', flag_user_id: mod.uid });
    await tk.sudo().db('forum_post').where({ id: q }).update({ child_count: 2 });
    const queue = await (await mod.client.get(`${base}/flagged_queue`)).text();
    expect(queue).to.contain('fine answer').and.contain('rude answer').and.contain('Flagged by flagmod').and.contain(`${base}/post/${rude}/ask_for_mark_as_offensive`);
    const csrf = await mod.client.csrfFrom(`${base}/flagged_queue`);
    const unflag = await mod.client.postForm(`${base}/post/${kept}/validate`, { csrf_token: csrf, queue_type: 'flagged' });
    expect(unflag.headers.get('location')).to.equal(`${base}/flagged_queue`);
    expect(await state(kept)).to.deep.include({ state: 'active', moderator_id: mod.uid });
    const form = await (await mod.client.get(`${base}/post/${rude}/ask_for_mark_as_offensive`)).text();
    expect(form).to.contain('Racist and hate speech').and.contain('The author loses 100 karma').and.not.contain('Duplicate post');
    // A basic reason is not an offensive one: refused, nothing changes.
    const basic = await mod.client.postForm(`${base}/post/${rude}/mark_as_offensive`, { csrf_token: csrf, reason_id: String(await reasonId('reason_1')) });
    expect(basic.status).to.equal(400);
    expect(await basic.text()).to.contain('Choose one of the offensive reasons.');
    expect(await karmaOf(tk, author.uid)).to.equal(150);
    const insulting = await reasonId('reason_11');
    const marked = await mod.client.postForm(`${base}/post/${rude}/mark_as_offensive`, { csrf_token: csrf, reason_id: String(insulting) });
    expect(marked.headers.get('location')).to.equal(`${base}/flagged_queue`);
    expect(await state(rude)).to.deep.include({ state: 'offensive', closed_reason_id: insulting });
    expect(Boolean((await state(rude)).active)).to.equal(false);
    expect(await karmaOf(tk, author.uid)).to.equal(50);
    expect((await tk.sudo().db('forum_post').where({ id: q }).first('child_count')).child_count).to.equal(1);
    const offensive = await (await mod.client.get(`${base}/offensive_posts`)).text();
    expect(offensive).to.contain('rude answer').and.contain('Reason: Insulting and offensive language');
    expect(await (await mod.client.get(`${base}/flagged_queue`)).text()).to.not.contain('rude answer');
    // Visitors no longer see it.
    expect(await (await fetch(`${tk.url}${base}/question/${q}`)).text()).to.not.contain('rude answer');
    await mod.client.postForm(`${base}/post/${rude}/validate`, { csrf_token: csrf, queue_type: 'offensive' });
    expect(await state(rude)).to.deep.include({ state: 'active' });
    expect(await karmaOf(tk, author.uid)).to.equal(150);
    expect((await tk.sudo().db('forum_post').where({ id: q }).first('child_count')).child_count).to.equal(2);
  });

  it('needs karma_moderate to mark offensive, and a CSRF token', async () => {
    const author = await forumUser(tk, 'offauthor', 50);
    const q = await makePost(tk, author.uid, { forum_id: forumId, name: 'Flag me', state: 'flagged' });
    const low = await forumUser(tk, 'offlow', 999);
    const csrf = await low.client.csrfFrom(`${base}/ask`);
    expect((await low.client.postForm(`${base}/post/${q}/mark_as_offensive`, { csrf_token: csrf, reason_id: String(await reasonId('reason_11')) })).status).to.equal(404);
    const mod = await forumUser(tk, 'offmod', 1000);
    expect((await mod.client.postForm(`${base}/post/${q}/mark_as_offensive`, { reason_id: String(await reasonId('reason_11')) })).status).to.equal(400);
    expect(await state(q)).to.deep.include({ state: 'flagged' });
    expect(await karmaOf(tk, author.uid)).to.equal(50);
  });

  it('a failed decision comes back to its queue in red with the reason, once', async () => {
    const author = await forumUser(tk, 'failauthor', 5);
    const mod = await forumUser(tk, 'failmod', 1000);
    const pending = await makePost(tk, author.uid, { forum_id: forumId, name: 'Pending one', state: 'pending' });
    const csrf = await mod.client.csrfFrom(`${base}/validation_queue`);
    expect((await mod.client.postForm(`${base}/post/${pending}/validate`, { csrf_token: csrf, queue_type: 'validation' })).status).to.equal(302);
    // A second moderator's click on the same item (already validated) fails.
    const again = await mod.client.postForm(`${base}/post/${pending}/validate`, { csrf_token: csrf, queue_type: 'validation' });
    expect(again.headers.get('location')).to.equal(`${base}/validation_queue`);
    const shown = await (await mod.client.get(`${base}/validation_queue`)).text();
    expect(shown).to.match(/class="alert alert-danger forum-queue-failure" role="alert">This post is not waiting for a moderator.</);
    expect(await (await mod.client.get(`${base}/validation_queue`)).text()).to.not.contain('forum-queue-failure');
    // A post still in the queue whose decision fails (here it was moved to another forum meanwhile) shows red in place.
    const waiting = await makePost(tk, author.uid, { forum_id: forumId, name: 'Still waiting', state: 'pending' });
    const otherForum = await tk.sudo().model('forum.forum').create({ name: 'Other' });
    await tk.sudo().db('forum_post').where({ id: waiting }).update({ forum_id: otherForum });
    await mod.client.postForm(`${base}/post/${waiting}/validate`, { csrf_token: csrf, queue_type: 'validation' });
    await tk.sudo().db('forum_post').where({ id: waiting }).update({ forum_id: forumId });
    const red = await (await mod.client.get(`${base}/validation_queue`)).text();
    expect(red).to.match(/list-group-item-danger[^"]*forum-queue-failed/).and.contain('This post does not exist.');
  });

  it('gives administrators the Forum app in the back office; other internal users its moderation queues only', async () => {
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const web = await (await admin.get('/web')).text();
    for (const id of ['forum.app', 'forum.forums', 'forum.posts', 'forum.pending', 'forum.flagged', 'forum.offensive', 'forum.tags', 'forum.reasons']) expect(web, id).to.contain(`"${id}"`);
    const author = await forumUser(tk, 'boauthor', 5);
    const pending = await makePost(tk, author.uid, { forum_id: forumId, name: 'Back office pending', state: 'pending' });
    const rows = await admin.callKw<Array<{ id: number }>>('forum.post', 'search_read', [[['state', '=', 'pending'], ['name', '=', 'Back office pending']], ['name']]);
    expect(rows.map((r) => r.id)).to.deep.equal([pending]);
    const fields = await admin.callKw<Record<string, unknown>>('forum.forum', 'fields_get', []);
    for (const f of ['karma_ask', 'karma_edit_retag', 'karma_editor', 'karma_moderate', 'karma_gen_answer_flagged']) expect(fields, f).to.have.property(f);
    await admin.callKw('forum.forum', 'write', [[forumId], { karma_moderate: 900 }]);
    expect((await tk.sudo().db('forum_forum').where({ id: forumId }).first('karma_moderate')).karma_moderate).to.equal(900);
    await admin.callKw('forum.forum', 'write', [[forumId], { karma_moderate: 1000 }]);

    await tk.kernel.container.get(UserAccounts).create({ name: 'Employee', login: 'employee', password: PASSWORD, groups: ['base.group_user'] });
    const employee = new RpcClient(tk.url);
    await employee.authenticate('employee', PASSWORD);
    // An internal user may moderate (karma_moderate): the queues are theirs, the forum's settings are not.
    const employeeWeb = await (await employee.get('/web')).text();
    for (const id of ['forum.app', 'forum.pending', 'forum.flagged', 'forum.offensive']) expect(employeeWeb, id).to.contain(`"${id}"`);
    for (const id of ['forum.forums', 'forum.posts', 'forum.tags', 'forum.reasons']) expect(employeeWeb, id).to.not.contain(`"${id}"`);
    expect(await employee.call('/forum/moderation/queue', { type: 'validation' })).to.deep.equal({ forums: [], items: [], reasons: [] });
    expect(await employee.callKw('forum.post', 'search_read', [[['state', '=', 'pending'], ['name', '=', 'Back office pending']], ['name']])).to.deep.equal([]);
    expect((await employee.rpc('/web/dataset/call_kw', { model: 'forum.forum', method: 'write', args: [[forumId], { karma_moderate: 1 }], kwargs: {} })).error?.data.name).to.equal('AccessError');
    const portal = await forumUser(tk, 'boportal', 5000);
    expect((await portal.client.get('/web')).status).to.equal(403);
  });
});

describe('forum: demo moderators', function () {
  this.timeout(60_000);
  it('the administrator and the demo moderator have the karma to moderate', async () => {
    const tk = await bootTestKernel({ modules: ['forum'], http: true, demo: true });
    try {
      const karma = async (login: string) => Number((await tk.sudo().db('res_users').where({ login }).first('karma')).karma);
      expect(await karma('admin')).to.equal(2500);
      expect(await karma('forum_moderator')).to.be.at.least(1000);
      const admin = new RpcClient(tk.url);
      await admin.authenticate('admin', ADMIN_PASSWORD);
      expect((await admin.get('/forum/help-1/flagged_queue')).status).to.equal(200);
    } finally {
      await tk.stop();
    }
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { RpcClient } from '../../../test/support/rpc-client';
import type { TestKernel } from '../../../test/support/harness';
import { forumUser, karmaOf, makePost, forumKernel } from './forum-fixture';

describe('forum: get_url_title, bump, close and delete rules', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;

  before(async () => {
    ({ tk, forumId } = await forumKernel());
  });
  after(async () => tk?.stop());

  it('never fetches a loopback or private URL for a title, and needs a signed-in user', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => { hits += 1; res.end('<title>Secret</title>'); });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const user = await forumUser(tk, 'titler', 10);
      expect(await user.client.call('/forum/get_url_title', { url: `http://127.0.0.1:${port}/` })).to.equal(false);
      expect(await user.client.call('/forum/get_url_title', { url: `localhost:${port}` })).to.equal(false);
      expect(await user.client.call('/forum/get_url_title', { url: 'http://169.254.169.254/latest/meta-data' })).to.equal(false);
      expect(hits).to.equal(0);
      expect((await new RpcClient(tk.url).rpc('/forum/get_url_title', { url: 'http://example.com' })).error?.code).to.equal(100);
      expect((await user.client.rpc('/forum/get_url_title', { url: 'x'.repeat(3000) })).error?.data.name).to.equal('ValidationError');
    } finally {
      server.close();
    }
  });

  it('bumps an unanswered question untouched for more than 9 days, once; not a recent one, an answer or for visitors', async () => {
    const user = await forumUser(tk, 'bumper', 10);
    const old = await makePost(tk, user.uid, { forum_id: forumId, name: 'Old', write_date: '2020-01-01 00:00:00' });
    const recent = await makePost(tk, user.uid, { forum_id: forumId, name: 'Recent' });
    const answer = await makePost(tk, user.uid, { forum_id: forumId, parent_id: recent, write_date: '2020-01-01 00:00:00' });
    expect(await new RpcClient(tk.url).call('/forum/post/bump', { post_id: old })).to.equal(false);
    expect(await user.client.call('/forum/post/bump', { post_id: recent })).to.equal(false);
    expect(await user.client.call('/forum/post/bump', { post_id: answer })).to.equal(false);
    expect(await user.client.call('/forum/post/bump', { post_id: 999_999 })).to.equal(false);
    expect(await user.client.call('/forum/post/bump', { post_id: old })).to.equal(true);
    expect(await user.client.call('/forum/post/bump', { post_id: old })).to.equal(false);
  });

  it('answers a closed question: refused with the reference message', async () => {
    const asker = await forumUser(tk, 'closedasker', 200);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Closed one', state: 'close' });
    const csrf = await asker.client.csrfFrom(`/forum/help-${forumId}/ask`);
    const res = await asker.client.postForm(`/forum/help-${forumId}/${q}/reply`, { csrf_token: csrf, content: 'An answer' });
    expect(await res.text()).to.contain('Posting answer on a [Deleted] or [Closed] question is not possible');
    expect(await tk.sudo().db('forum_post').where({ parent_id: q }).count({ n: '*' }).first()).to.deep.include({ n: 0 });
    // Karma 2 is under karma_answer (3).
    const low = await forumUser(tk, 'lowanswer', 2);
    const open = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Open one' });
    const lowCsrf = await low.client.csrfFrom(`/forum/help-${forumId}/ask`);
    const refused = await low.client.postForm(`/forum/help-${forumId}/${open}/reply`, { csrf_token: lowCsrf, content: 'An answer' });
    const page = await refused.text();
    expect(page).to.contain('3 karma is required to perform this action.');
    // The question page again, not an error page: the typed answer is kept in its form.
    expect(refused.status).to.equal(200);
    expect(page).to.contain('Open one').and.contain('>An answer</textarea>');
    expect(await karmaOf(tk, low.uid)).to.equal(2);
  });
});

describe('forum: close, reopen and delete from the question page', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;
  before(async () => {
    ({ tk, forumId } = await forumKernel());
  });
  after(async () => tk?.stop());

  it('closes own questions from karma_close_own (100), reopens them, deletes from karma_unlink_own (500)', async () => {
    const asker = await forumUser(tk, 'closer', 99);
    const q = await makePost(tk, asker.uid, { forum_id: forumId, name: 'To close' });
    const page = `/forum/help-${forumId}/question/${q}`;
    expect(await (await asker.client.get(page)).text()).to.not.contain('/close"');
    const csrf = await asker.client.csrfFrom(`/forum/help-${forumId}/ask`);
    const refused = await asker.client.postForm(`${page}/close`, { csrf_token: csrf });
    expect(refused.status).to.equal(403);
    expect(await refused.text()).to.contain('100 karma is required to perform this action.');
    await tk.sudo().db('res_users').where({ id: asker.uid }).update({ karma: 100 });
    expect(await (await asker.client.get(page)).text()).to.contain(`${page}/close"`);
    expect((await asker.client.postForm(`${page}/close`, { csrf_token: csrf })).status).to.equal(302);
    expect((await tk.sudo().db('forum_post').where({ id: q }).first('state')).state).to.equal('close');
    expect((await asker.client.postForm(`${page}/reopen`, { csrf_token: csrf })).status).to.equal(302);
    expect((await tk.sudo().db('forum_post').where({ id: q }).first('state')).state).to.equal('active');
    expect((await asker.client.postForm(`${page}/delete`, { csrf_token: csrf })).status).to.equal(403);
    await tk.sudo().db('res_users').where({ id: asker.uid }).update({ karma: 500 });
    const deleted = await asker.client.postForm(`${page}/delete`, { csrf_token: csrf });
    expect(deleted.headers.get('location')).to.equal(`/forum/help-${forumId}`);
    expect((await fetch(`${tk.url}${page}`)).status).to.equal(404);
    // Without the CSRF token nothing happens.
    const other = await makePost(tk, asker.uid, { forum_id: forumId, name: 'Kept' });
    expect((await asker.client.postForm(`/forum/help-${forumId}/question/${other}/close`, {})).status).to.equal(400);
  });
});

import { expect } from 'chai';
import { SmtpSink, type ReceivedMail } from '@modules/mass_mailing/test/support';
import { WsProbe } from '@modules/bus/test/support';
import { CommentNotifier } from '@modules/website_mail';
import { RpcClient } from '../../../test/support/rpc-client';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { confirmationLink, confirmByLink } from '@modules/website_mail/test/support';
import { forumUser } from './forum-fixture';

/**
 * Following questions: authors follow their questions and answers' questions; new answers and
 * comments reach the other followers by mail (a real SMTP server) and signed-in followers on their
 * bus channel and the forum page, until `/forum/notification_read`.
 */
describe('forum: following and notifications', function () {
  this.timeout(90_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let forumId: number;
  let base: string;

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['forum'], http: true, config: { smtpUrl: sink.url } });
    await tk.sudo().db('website').update({ base_url: tk.url });
    forumId = await tk.sudo().model('forum.forum').create({ name: 'Help' });
    base = `/forum/help-${forumId}`;
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });

  /** The mails the sink got for `to` once the queue has been drained. */
  async function mailsTo(to: string): Promise<ReceivedMail[]> {
    await tk.kernel.container.get(CommentNotifier).kick();
    return sink.received.filter((m) => m.to === to && !m.parsed!.subject?.startsWith('Confirm that you want to follow'));
  }
  async function settle(): Promise<void> {
    await tk.kernel.container.get(CommentNotifier).kick();
    await tk.kernel.container.get(CommentNotifier).kick();
  }
  const partnerOf = async (uid: number) => Number((await tk.sudo().db('res_users').where({ id: uid }).first('partner_id')).partner_id);
  const followers = async (questionId: number) => (await tk.sudo().db('mail_followers').where({ res_model: 'forum.post', res_id: questionId }).select('partner_id')).map((r) => Number(r.partner_id)).sort((a, b) => a - b);

  async function ask(client: RpcClient, name: string): Promise<number> {
    const csrf = await client.csrfFrom(`${base}/ask`);
    const res = await client.postForm(`${base}/new`, { csrf_token: csrf, post_type: 'question', post_name: name, content: 'Question text' });
    expect(res.status).to.equal(302);
    return Number((await tk.sudo().db('forum_post').where({ name }).first('id')).id);
  }
  async function answer(client: RpcClient, questionId: number, content: string): Promise<number> {
    const csrf = await client.csrfFrom(`${base}/ask`);
    expect((await client.postForm(`${base}/${questionId}/reply`, { csrf_token: csrf, content })).status).to.equal(302);
    return Number((await tk.sudo().db('forum_post').where({ parent_id: questionId }).orderBy('id', 'desc').first('id')).id);
  }
  async function comment(client: RpcClient, postId: number, text: string): Promise<void> {
    const csrf = await client.csrfFrom(`${base}/ask`);
    expect((await client.postForm(`${base}/post/${postId}/comment`, { csrf_token: csrf, comment: text })).status).to.equal(302);
  }

  it('mails a new answer to every follower but its author, pushes it to signed-in followers, and lists it until read', async () => {
    const asker = await forumUser(tk, 'asker', 200);
    const reader = await forumUser(tk, 'reader', 10);
    const answerer = await forumUser(tk, 'answerer', 10);
    const quitter = await forumUser(tk, 'quitter', 10);
    const q = await ask(asker.client, 'How do followers work?');
    // The author follows their question.
    expect(await followers(q)).to.deep.equal([await partnerOf(asker.uid)]);
    // A user (validated address) follows with one click; a visitor with an e-mail, once the mailed link
    // is used; one follows then stops.
    expect(await reader.client.call('/website_mail/follow', { id: q, object: 'forum.post' })).to.include({ is_follower: true });
    const visitor = new RpcClient(tk.url);
    expect(await visitor.call('/website_mail/follow', { id: q, object: 'forum.post', email: 'visitor@example.com' })).to.include({ is_follower: false, pending: true });
    const [confirmation] = sink.received.filter((m) => m.to === 'visitor@example.com');
    expect(confirmation.parsed!.subject).to.equal('Confirm that you want to follow How do followers work?');
    expect((await confirmByLink(visitor, confirmationLink(String(confirmation.parsed!.html)))).status).to.equal(200);
    await quitter.client.call('/website_mail/follow', { id: q, object: 'forum.post' });
    expect(await quitter.client.call('/website_mail/follow', { id: q, object: 'forum.post', message_is_follower: 'on' })).to.include({ is_follower: false });
    expect(await reader.client.call('/website_mail/is_follower', { model: 'forum.post', res_id: q })).to.include({ is_follower: true, is_user: true });
    // The question page shows the follow button in its state.
    const page = await (await reader.client.get(`${base}/question/${q}`)).text();
    expect(page).to.contain('data-island="website_mail.follow"').and.contain('btn-unfollow');

    const readerBus = await WsProbe.open(tk.url, { cookie: reader.client.cookie });
    const answererBus = await WsProbe.open(tk.url, { cookie: answerer.client.cookie });
    let a = 0;
    try {
      readerBus.subscribe([]);
      answererBus.subscribe([]);
      await new Promise((r) => setTimeout(r, 200));
      a = await answer(answerer.client, q, 'Use the <b>Follow</b> button.');
      const [pushed] = await readerBus.notifications(1, 5000);
      expect(pushed.channel).to.equal(`res.partner:${await partnerOf(reader.uid)}`);
      expect(pushed.message).to.deep.include({ type: 'forum.notification' });
      expect((pushed.message as { notification: unknown }).notification).to.deep.include({ kind: 'answer', questionId: q, postId: a, title: 'How do followers work?', author: 'answerer' });
      await answererBus.silent(300); // the author is not told of their own answer
    } finally {
      readerBus.close();
      answererBus.close();
    }
    await settle();
    for (const to of ['asker@example.com', 'reader@example.com', 'visitor@example.com']) {
      const mails = await mailsTo(to);
      expect(mails, to).to.have.length(1);
      expect(mails[0].parsed!.subject).to.equal('New answer on How do followers work?');
      expect(mails[0].parsed!.text).to.contain('answerer wrote:').and.contain('Use the <b>Follow</b> button.'); // typed as text: escaped, shown as typed
      expect(String(mails[0].parsed!.html)).to.contain(`href="${tk.url}${base}/question/how-do-followers-work-${q}#post-${a}"`)
        .and.match(new RegExp(`/website_mail/unfollow\\?model=forum\\.post&amp;res_id=${q}&amp;partner_id=\\d+&amp;token=[0-9a-f]{64}`));
    }
    expect(await mailsTo('answerer@example.com')).to.have.length(0);
    expect(await mailsTo('quitter@example.com')).to.have.length(0);
    // The answer's author now follows the question; signed-in followers have a notification each.
    expect(await followers(q)).to.include(await partnerOf(answerer.uid));
    const rows = await tk.sudo().db('forum_notification').where({ question_id: q }).select('partner_id', 'kind', 'is_read');
    expect(rows.map((r) => Number(r.partner_id)).sort((x, y) => x - y)).to.deep.equal([await partnerOf(asker.uid), await partnerOf(reader.uid)].sort((x, y) => x - y));

    // The forum page lists the unread notification; notification_read marks it read, for its owner only.
    const forumPage = await (await reader.client.get(base)).text();
    expect(forumPage).to.contain('data-island="forum.notifications"').and.contain('How do followers work?');
    const mine = await tk.sudo().db('forum_notification').where({ question_id: q, partner_id: await partnerOf(reader.uid) }).first('id');
    const others = await asker.client.rpc('/forum/notification_read', { notification_id: Number(mine.id) });
    expect(others.error?.data.name).to.equal('MissingError');
    expect(Boolean((await tk.sudo().db('forum_notification').where({ id: mine.id }).first('is_read')).is_read)).to.equal(false);
    expect((await reader.client.rpc('/forum/notification_read', { notification_id: 'x' })).error).to.exist;
    expect(await new RpcClient(tk.url).rpc('/forum/notification_read', { notification_id: Number(mine.id) })).to.have.nested.property('error.code', 100);
    expect(await reader.client.call('/forum/notification_read', { notification_id: Number(mine.id) })).to.equal(true);
    expect(Boolean((await tk.sudo().db('forum_notification').where({ id: mine.id }).first('is_read')).is_read)).to.equal(true);
    const unread = await reader.client.callKw<unknown[]>('forum.notification', 'search_read', [[['is_read', '=', false]], ['id']]);
    expect(unread).to.have.length(0);
    // A question its follower may no longer see (deleted) leaves the list.
    await tk.sudo().db('forum_notification').where({ id: mine.id }).update({ is_read: false });
    const listed = async () => ((await (await reader.client.get(base)).text()).match(/ forum-notification"/g) ?? []).length;
    expect(await listed()).to.equal(1);
    await tk.sudo().db('forum_post').where({ id: q }).update({ active: false });
    expect(await listed()).to.equal(0);
    await tk.sudo().db('forum_post').where({ id: q }).update({ active: true });
    // Users read only their own notifications through the ORM.
    const askerRows = await reader.client.callKw<unknown[]>('forum.notification', 'search_read', [[['question_id', '=', q]], ['partner_id']]);
    expect(askerRows).to.have.length(1);
  });

  it('mails a comment on an answer to the question\'s followers, not its author; the unfollow link stops the mails', async () => {
    const asker = await forumUser(tk, 'asker2', 200);
    const answerer = await forumUser(tk, 'answerer2', 10);
    const commenter = await forumUser(tk, 'commenter2', 10);
    const q = await ask(asker.client, 'Comments reach followers?');
    const a = await answer(answerer.client, q, 'An answer.');
    await settle();
    const before = sink.received.length;
    await comment(commenter.client, a, 'A comment <on> the answer');
    await settle();
    const got = sink.received.slice(before);
    expect(got.map((m) => m.to).sort()).to.deep.equal(['answerer2@example.com', 'asker2@example.com']);
    expect(got[0].parsed!.subject).to.equal('New comment on Comments reach followers?');
    expect(got[0].parsed!.text).to.contain('commenter2 wrote:').and.contain('A comment <on> the answer');
    const note = await tk.sudo().db('forum_notification').where({ question_id: q, kind: 'comment', partner_id: await partnerOf(answerer.uid) }).first('post_id');
    expect(Number(note.post_id)).to.equal(a);

    // The asker stops following from the mail's link (a confirmation page whose button posts).
    const mail = got.find((m) => m.to === 'asker2@example.com')!;
    const link = /href="[^"]*(\/website_mail\/unfollow\?[^"]+)"/.exec(String(mail.parsed!.html))![1].replace(/&amp;/g, '&');
    const visitor = new RpcClient(tk.url);
    const confirm = await (await visitor.get(link)).text();
    expect(confirm).to.contain('Comments reach followers?');
    const fields = Object.fromEntries([...confirm.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));
    expect((await visitor.postForm('/website_mail/unfollow', fields)).status).to.equal(200);
    expect(await followers(q)).not.to.include(await partnerOf(asker.uid));
    const after = sink.received.length;
    await comment(commenter.client, q, 'Another one');
    await settle();
    expect(sink.received.slice(after).map((m) => m.to)).to.deep.equal(['answerer2@example.com']);
  });

  it('tells a forum\'s followers of each new question: at once, or once a moderator validates a pending one', async () => {
    const watcher = await forumUser(tk, 'watcher', 10);
    const asker = await forumUser(tk, 'asker4', 200);
    const newbie = await forumUser(tk, 'newbie4', 10);
    const moderator = await forumUser(tk, 'moderator4', 1000);
    expect(await watcher.client.call('/website_mail/follow', { id: forumId, object: 'forum.forum' })).to.include({ is_follower: true });
    expect(await (await watcher.client.get(base)).text()).to.contain('data-island="website_mail.follow"').and.contain('btn-unfollow');
    const q = await ask(asker.client, 'A brand new question');
    await settle();
    const [mail] = await mailsTo('watcher@example.com');
    expect(mail.parsed!.subject).to.equal('New question in Help');
    expect(String(mail.parsed!.html)).to.contain(`<a href="${tk.url}${base}/question/a-brand-new-question-${q}" rel="noopener noreferrer">A brand new question</a>`)
      .and.match(new RegExp(`/website_mail/unfollow\\?model=forum\\.forum&amp;res_id=${forumId}&amp;partner_id=\\d+`));
    expect(await mailsTo('asker4@example.com')).to.have.length(0);
    expect(await tk.sudo().db('forum_notification').where({ kind: 'question', question_id: q, partner_id: await partnerOf(watcher.uid) }).count({ n: '*' }).first()).to.deep.include({ n: 1 });
    // A pending question (its author under karma_post) is told once validated.
    const pending = await ask(newbie.client, 'A pending question');
    await settle();
    expect(await mailsTo('watcher@example.com')).to.have.length(1);
    const csrf = await moderator.client.csrfFrom(`${base}/validation_queue`);
    expect((await moderator.client.postForm(`${base}/post/${pending}/validate`, { csrf_token: csrf })).status).to.equal(302);
    await settle();
    const mails = await mailsTo('watcher@example.com');
    expect(mails.map((m) => m.parsed!.text)).to.have.length(2);
    expect(String(mails[1].parsed!.html)).to.contain('A pending question').and.contain('newbie4 wrote:');
  });

  it('lists the questions the user follows under the "followed" filter', async () => {
    const asker = await forumUser(tk, 'asker3', 200);
    const reader = await forumUser(tk, 'reader3', 10);
    await ask(asker.client, 'Followed question');
    const other = await ask(asker.client, 'Unfollowed question');
    const followed = Number((await tk.sudo().db('forum_post').where({ name: 'Followed question' }).first('id')).id);
    await reader.client.call('/website_mail/follow', { id: followed, object: 'forum.post' });
    const html = await (await reader.client.get(`${base}?filter=followed`)).text();
    expect(html).to.contain('Followed question').and.not.contain('Unfollowed question');
    expect(other).to.be.above(0);
  });
});

import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { forumUser, karmaOf, forumKernel, makePost } from './forum-fixture';

describe('forum: e-mail validation of new users', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let forumId: number;

  before(async () => {
    ({ tk, forumId } = await forumKernel());
  });
  after(async () => tk?.stop());

  async function mailedLink(to: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const row = await tk.sudo().db('mail_outbox').where({ email_to: to }).orderBy('id', 'desc').first();
      if (row) return /href="([^"]+)"/.exec(String(row.body_html))![1].replace(/&amp;/g, '&');
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to}`);
  }

  it('shows new users (karma 0) the notice, mails a signed link, and sets the starting karma (7) once', async () => {
    const newbie = await forumUser(tk, 'fresh', 0);
    expect(await (await newbie.client.get(`/forum/help-${forumId}`)).text()).to.contain('data-island="forum.validation_notice"');
    expect(await newbie.client.call('/forum/send_validation_email', { forum_id: forumId })).to.equal(true);
    const link = new URL(await mailedLink('fresh@example.com'));
    expect(link.pathname).to.equal('/forum/validate_email');
    // A forged or altered token changes nothing.
    const forged = link.searchParams.get('token')!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const refused = await newbie.client.get(`/forum/validate_email?token=${forged}&forum_id=${forumId}`);
    expect(refused.headers.get('location')).to.contain('validation_failed=1');
    expect(await karmaOf(tk, newbie.uid)).to.equal(0);
    // Until then, following a question by e-mail waits for a confirmation mail.
    const q = await makePost(tk, newbie.uid, { forum_id: forumId, name: 'Followed after validation' });
    expect(await newbie.client.call('/website_mail/follow', { id: q, object: 'forum.post' })).to.include({ is_follower: false, pending: true });
    const ok = await newbie.client.get(`${link.pathname}${link.search}`);
    expect(ok.status).to.equal(302);
    expect(ok.headers.get('location')).to.equal(`/forum/help-${forumId}`);
    expect(await karmaOf(tk, newbie.uid)).to.equal(7);
    // The link reached the address: following is one click from now on.
    expect(await newbie.client.call('/website_mail/follow', { id: q, object: 'forum.post' })).to.include({ is_follower: true, pending: false });
    expect(await (await newbie.client.get(`/forum/help-${forumId}`)).text()).to.contain('forum-validation-done');
    // The thanks shows once: the next visit has no notice, closed or not.
    expect(await (await newbie.client.get(`/forum/help-${forumId}`)).text()).to.not.contain('forum.validation_notice');
    expect(await newbie.client.call('/forum/validate_email/close')).to.equal(true);
    // Opening it again, with karma earned meanwhile, gives nothing more.
    await tk.sudo().db('res_users').where({ id: newbie.uid }).update({ karma: 20 });
    await newbie.client.get(`${link.pathname}${link.search}`);
    expect(await karmaOf(tk, newbie.uid)).to.equal(20);
  });

  it('sends nothing to users who have karma, and refuses bad input', async () => {
    const user = await forumUser(tk, 'hasKarma', 5);
    expect(await user.client.call('/forum/send_validation_email', { forum_id: forumId })).to.equal(false);
    expect((await user.client.rpc('/forum/send_validation_email', { forum_id: 'x' })).error?.data.name).to.equal('ValidationError');
    expect((await user.client.get('/forum/validate_email?token=junk&forum_id=abc')).headers.get('location')).to.equal('/forum');
  });
});

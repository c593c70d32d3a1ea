import { expect } from 'chai';
import { hashSessionId, SiteService } from '@platform/http';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { confirmationLink, confirmByLink, followConfirmed, outboxConfirmations } from './support/follow-confirmation';

describe('website_mail: follow, comments, ratings', () => {
  let tk: TestKernel;
  let aboutId: number;
  let reviewsId: number;
  let draftId: number;
  let admin: RpcClient;

  const followersOf = async (id: number) => (await tk.sudo().model('mail.followers').search_read([['res_model', '=', 'website.page'], ['res_id', '=', id]], ['partner_id'])).map((f) => (f.partner_id as [number, string])[0]);

  before(async () => {
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true });
    const pages = await tk.sudo().model('website.page').search_read([], ['url']);
    aboutId = Number(pages.find((p) => p.url === '/about-us')!.id);
    reviewsId = Number(pages.find((p) => p.url === '/reviews')!.id);
    draftId = Number(pages.find((p) => p.url === '/announcement')!.id);
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Paula Portal', login: 'paula@example.com', password: 'paula-pass-123' });
    await accounts.create({ name: 'Quentin Portal', login: 'quentin@example.com', password: 'quentin-pass-123' });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  async function signedIn(login: string, password: string): Promise<RpcClient> {
    const c = new RpcClient(tk.url);
    await c.authenticate(login, password);
    return c;
  }

  describe('follow', () => {
    // Every follow by e-mail mails a confirmation, and all these clients share one address.
    beforeEach(async () => {
      await tk.sudo().db('rate_limit').delete();
    });
    const isFollower = async (c: RpcClient, id: number) => (await c.call<{ is_follower: boolean }>('/website_mail/is_follower', { model: 'website.page', res_id: id })).is_follower;

    it('a visitor follows with an e-mail once its owner confirmed; the same browser sees it, another does not', async () => {
      const visitor = new RpcClient(tk.url);
      const answer = await visitor.call('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'off', email: 'Carol@Example.com' });
      expect(answer).to.deep.equal({ is_follower: false, pending: true, message: 'Check your inbox to confirm: we sent you a link to follow this page.' });
      // Nothing follows, and no partner is made, before the link is followed.
      expect(await tk.sudo().model('res.partner').search_count([['email', '=', 'carol@example.com']])).to.equal(0);
      expect(await isFollower(visitor, aboutId)).to.equal(false);
      await confirmByLink(visitor, confirmationLink((await outboxConfirmations(tk, 'carol@example.com'))[0].body_html));
      const state = await visitor.call<{ is_follower: boolean; is_user: boolean; email: string }>('/website_mail/is_follower', { model: 'website.page', res_id: aboutId });
      expect(state).to.include({ is_follower: true, is_user: false, email: 'carol@example.com' });
      const other = await new RpcClient(tk.url).call<{ is_follower: boolean; email: string }>('/website_mail/is_follower', { model: 'website.page', res_id: aboutId });
      expect(other).to.include({ is_follower: false, email: '' });
      const [partner] = await tk.sudo().model('res.partner').search_read([['email', '=', 'carol@example.com']], ['name']);
      expect(partner.name).to.equal('carol');
      expect(await followersOf(aboutId)).to.include(partner.id);
    });

    it('typing someone else\'s e-mail neither reveals nor removes their other follows', async () => {
      const alice = await followConfirmed(tk, 'website.page', reviewsId, 'alice@example.com');
      const mallory = new RpcClient(tk.url);
      await mallory.call('/website_mail/follow', { id: aboutId, object: 'website.page', email: 'alice@example.com' });
      // Mallory's browser knows nothing about the reviews page follow...
      expect(await isFollower(mallory, reviewsId)).to.equal(false);
      // ...and cannot undo it.
      const undo = await mallory.rpc('/website_mail/follow', { id: reviewsId, object: 'website.page', message_is_follower: 'on', email: 'alice@example.com' });
      expect(undo.error?.data.name).to.equal('AccessError');
      const [alicePartner] = await tk.sudo().model('res.partner').search([['email', '=', 'alice@example.com']]);
      expect(await followersOf(reviewsId)).to.include(alicePartner);
      expect(await followersOf(aboutId)).not.to.include(alicePartner);
      // The browser that confirmed can unfollow.
      expect(await alice.call('/website_mail/follow', { id: reviewsId, object: 'website.page', message_is_follower: 'on' })).to.include({ is_follower: false });
      expect(await followersOf(reviewsId)).not.to.include(alicePartner);
    });

    it('a visitor typing the address of an existing follower gets the same answer, no mail, and cannot remove that follow', async () => {
      const adminPartner = (await tk.sudo().model('res.users').search_read([['login', '=', 'admin']], ['partner_id']))[0].partner_id as [number, string];
      await tk.sudo().model('res.partner').write([adminPartner[0]], { email: 'admin@example.com' });
      // An internal user (whose account an administrator made) follows at once.
      expect(await admin.call('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'off' })).to.include({ is_follower: true, pending: false });
      const mallory = new RpcClient(tk.url);
      // The answer is the same as for a new follow: it must not tell whether the address followed already.
      expect(await mallory.call('/website_mail/follow', { id: aboutId, object: 'website.page', email: 'admin@example.com' })).to.include({ pending: true });
      expect(await outboxConfirmations(tk, 'admin@example.com')).to.have.length(0);
      expect((await mallory.rpc('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'on' })).error?.data.name).to.equal('AccessError');
      expect(await followersOf(aboutId)).to.include(adminPartner[0]);
      expect(await isFollower(admin, aboutId)).to.equal(true);
      expect(await isFollower(mallory, aboutId)).to.equal(false);
      expect(await admin.call('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'on' })).to.include({ is_follower: false });
      expect(await followersOf(aboutId)).not.to.include(adminPartner[0]);
    });

    it('unfollowing a page removes the e-mail it was followed with, not the one typed last', async () => {
      const visitor = new RpcClient(tk.url);
      const unfollow = (id: number) => visitor.call<{ is_follower: boolean }>('/website_mail/follow', { id, object: 'website.page', message_is_follower: 'on' });
      const partnerOf = async (email: string) => (await tk.sudo().model('res.partner').search([['email', '=', email]]))[0];
      await followConfirmed(tk, 'website.page', aboutId, 'alice.ab@example.com', visitor);
      await followConfirmed(tk, 'website.page', reviewsId, 'bob.ab@example.com', visitor);
      const [alice, bob] = [await partnerOf('alice.ab@example.com'), await partnerOf('bob.ab@example.com')];
      expect((await unfollow(aboutId)).is_follower).to.equal(false);
      expect(await followersOf(aboutId)).not.to.include(alice);
      // Bob's follow of the other page is untouched and still shown to this browser.
      expect(await followersOf(reviewsId)).to.include(bob);
      expect(await isFollower(visitor, reviewsId)).to.equal(true);
      expect((await unfollow(reviewsId)).is_follower).to.equal(false);
      expect(await followersOf(reviewsId)).not.to.include(bob);
    });

    it('a page followed twice from one browser with two e-mails is unfollowed for both', async () => {
      const visitor = new RpcClient(tk.url);
      for (const email of ['tab1@example.com', 'tab2@example.com']) await followConfirmed(tk, 'website.page', aboutId, email, visitor);
      const partners = await tk.sudo().model('res.partner').search([['email', 'in', ['tab1@example.com', 'tab2@example.com']]]);
      expect(partners).to.have.length(2);
      expect(await visitor.call('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'on' })).to.include({ is_follower: false });
      const left = await followersOf(aboutId);
      for (const p of partners) expect(left).not.to.include(p);
      // The follow is forgotten: a second unfollow is refused like any follow this browser did not make.
      const again = await visitor.rpc('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'on' });
      expect(again.error?.data.name).to.equal('AccessError');
    });

    it('a session saved before per-page partners forgets its follow but cannot remove it (it cannot prove it made it)', async () => {
      const visitor = await followConfirmed(tk, 'website.page', aboutId, 'legacy@example.com');
      const [legacy] = await tk.sudo().model('res.partner').search([['email', '=', 'legacy@example.com']]);
      // Rewrite the stored session the way an earlier version wrote it: one partner for every follow,
      // which was the last address typed, whether or not that address was following already.
      const id = hashSessionId(visitor.cookie.replace(/^session_id=/, ''));
      const data = { 'website_mail.followed': [`website.page:${aboutId}`], 'website_mail.partner_id': legacy, 'website_mail.email': 'legacy@example.com' };
      await tk.kernel.db('http_session').where({ id }).update({ data: JSON.stringify(data) });
      expect(await visitor.call('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'on' })).to.include({ is_follower: false });
      expect(await followersOf(aboutId)).to.include(legacy);
      const stored = JSON.parse((await tk.kernel.db('http_session').where({ id }).first()).data);
      expect(stored).not.to.have.property('website_mail.partner_id');
      expect(stored['website_mail.followed']).to.deep.equal([]);
    });

    it('an e-mail without text on both sides of an at-sign is refused and nothing is written', async () => {
      const before = await tk.sudo().model('mail.followers').search_count([]);
      const requests = await tk.sudo().db('website_mail_follow_request').count({ n: '*' }).first();
      for (const email of ['', 'no-at-sign', '@example.com', 'name@', 'a b@c.d']) {
        const answer = await new RpcClient(tk.url).rpc('/website_mail/follow', { id: aboutId, object: 'website.page', email });
        expect(answer.error?.data.name, email).to.equal('ValidationError');
      }
      expect(await tk.sudo().model('mail.followers').search_count([])).to.equal(before);
      expect(await tk.sudo().db('website_mail_follow_request').count({ n: '*' }).first()).to.deep.equal(requests);
    });

    it('an e-mail with LIKE wildcards matches only itself', async () => {
      await followConfirmed(tk, 'website.page', aboutId, 'al_ce@example.com');
      const partners = await tk.sudo().model('res.partner').search_read([['email', 'in', ['al_ce@example.com', 'alice@example.com']]], ['email']);
      expect(partners.map((p) => p.email).sort()).to.deep.equal(['al_ce@example.com', 'alice@example.com']);
    });

    it('a signed-in user confirms their address once, then follows and unfollows with one click as their own partner', async () => {
      const paula = await signedIn('paula@example.com', 'paula-pass-123');
      const [user] = await tk.sudo().model('res.users').search_read([['login', '=', 'paula@example.com']], ['partner_id']);
      const partnerId = (user.partner_id as [number, string])[0];
      // Signed up with an address nobody checked: the first follow mails it a link.
      expect(await paula.call('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'off' })).to.include({ is_follower: false, pending: true });
      expect(await followersOf(aboutId)).not.to.include(partnerId);
      await confirmByLink(paula, confirmationLink((await outboxConfirmations(tk, 'paula@example.com'))[0].body_html));
      expect(await paula.call('/website_mail/is_follower', { model: 'website.page', res_id: aboutId })).to.include({ is_follower: true, is_user: true, email: 'paula@example.com' });
      expect(await followersOf(aboutId)).to.include(partnerId);
      expect(await paula.call('/website_mail/follow', { id: aboutId, object: 'website.page', message_is_follower: 'on' })).to.include({ is_follower: false });
      expect(await followersOf(aboutId)).not.to.include(partnerId);
      // Verified now: the next follow is at once, with no other mail.
      expect(await paula.call('/website_mail/follow', { id: reviewsId, object: 'website.page', message_is_follower: 'off' })).to.include({ is_follower: true, pending: false });
      expect(await followersOf(reviewsId)).to.include(partnerId);
      expect(await outboxConfirmations(tk, 'paula@example.com')).to.have.length(1);
    });

    it('refuses unpublished records for the public, models that did not opt in, and bad parameters', async () => {
      const v = new RpcClient(tk.url);
      expect((await v.rpc('/website_mail/follow', { id: draftId, object: 'website.page', email: 'x@y.z' })).error?.data.name).to.equal('MissingError');
      expect((await v.rpc('/website_mail/follow', { id: 1, object: 'res.partner', email: 'x@y.z' })).error?.data.name).to.equal('ValidationError');
      expect((await v.rpc('/website_mail/is_follower', { model: 'website.page', res_id: -1 })).error?.data.name).to.equal('ValidationError');
      expect((await v.rpc('/website_mail/follow', { id: aboutId, object: 'website.page', email: 'x@y.z', extra: 1 })).error?.data.name).to.equal('ValidationError');
    });
  });

  describe('per-site code', () => {
    it('a site where website_mail is disabled gets no widget and no website_mail code', async () => {
      const sites = tk.kernel.container.get(SiteService);
      const entryOf = async () => {
        const html = await (await admin.get('/reviews')).text();
        const src = /<script type="module" src="([^"]+)"/.exec(html)![1];
        return { html, js: await (await admin.fetch(src)).text() };
      };
      const enabled = await entryOf();
      expect(enabled.html).to.contain('data-island="website_mail.comments"');
      expect(enabled.js).to.contain('website_mail.comments');
      await sites.disable(1, ['website_mail']);
      try {
        const disabled = await entryOf();
        expect(disabled.html).not.to.contain('website_mail');
        expect(disabled.js).to.contain('website.publish_toggle').and.not.to.contain('website_mail');
        const res = await admin.fetch('/website_mail/is_follower', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        expect(res.status).to.equal(404);
      } finally {
        await sites.enable(1, ['website_mail'], tk.kernel.installedNames);
      }
    });
  });

  describe('comments and ratings', () => {
    it('visitors read comments but must sign in to post', async () => {
      const html = await (await new RpcClient(tk.url).get('/reviews')).text();
      expect(html).to.contain('Quick answers and friendly people.').and.contain('Sign in to leave a comment');
      const answer = await new RpcClient(tk.url).rpc('/website_mail/post/json', { res_model: 'website.page', res_id: reviewsId, message: 'hi' });
      expect(answer.error?.code).to.equal(100);
    });

    it('posts a comment: text escaped, newlines as line breaks, a rating, and the new average', async () => {
      const paula = await signedIn('paula@example.com', 'paula-pass-123');
      const result = await paula.call<{ id: number; body: string; author: string; rating_default_value: number; rating_disabled: boolean; stats: { average: number; count: number } }>(
        '/website_mail/post/json', { res_model: 'website.page', res_id: reviewsId, message: 'Great <script>alert(1)</script>\nsecond line', rating: 3 },
      );
      expect(result.body).to.equal('Great &lt;script&gt;alert(1)&lt;/script&gt;<br />second line');
      expect(result.author).to.equal('Paula Portal');
      expect(result).to.include({ rating_default_value: 3, rating_disabled: true });
      // demo ratings 5 and 4, plus 3
      expect(result.stats).to.deep.equal({ average: 4, count: 3 });
      const html = await (await new RpcClient(tk.url).get('/reviews')).text();
      expect(html).to.contain('second line').and.not.to.contain('<script>alert');
    });

    it('refuses empty messages, bad ratings, ratings where they are off, and unpublished records', async () => {
      const paula = await signedIn('paula@example.com', 'paula-pass-123');
      const count = await tk.sudo().model('mail.message').search_count([]);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ res_model: 'website.page', res_id: reviewsId, message: '   \n ' }, 'The message is empty.'],
        [{ res_model: 'website.page', res_id: reviewsId, message: 'x', rating: 6 }, 'A rating is 1 to 5 stars.'],
        [{ res_model: 'website.page', res_id: reviewsId, message: 'x', rating: 0 }, 'A rating is 1 to 5 stars.'],
        [{ res_model: 'website.page', res_id: aboutId, message: 'x', rating: 4 }, 'This record does not take ratings.'],
        [{ res_model: 'website.page', res_id: reviewsId, message: 'x'.repeat(5001) }, 'limited to 5000'],
        [{ res_model: 'website.page', res_id: draftId, message: 'x' }, 'does not exist'],
        [{ res_model: 'res.users', res_id: 1, message: 'x' }, 'cannot be commented'],
      ];
      for (const [params, message] of cases) {
        const answer = await paula.rpc('/website_mail/post/json', params);
        expect(answer.error?.data.message, JSON.stringify(params).slice(0, 80)).to.contain(message);
      }
      expect(await tk.sudo().model('mail.message').search_count([])).to.equal(count);
    });

    it('the author and moderators delete a comment; others cannot', async () => {
      const paula = await signedIn('paula@example.com', 'paula-pass-123');
      const quentin = await signedIn('quentin@example.com', 'quentin-pass-123');
      const mine = await paula.call<{ id: number }>('/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: 'to delete' });
      expect((await quentin.rpc('/website_mail/message/delete', { message_id: mine.id })).error?.data.name).to.equal('AccessError');
      expect(await paula.call('/website_mail/message/delete', { message_id: mine.id })).to.include({ deleted: true });
      const another = await paula.call<{ id: number }>('/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: 'moderated' });
      expect(await admin.call('/website_mail/message/delete', { message_id: another.id })).to.include({ deleted: true });
      expect((await admin.rpc('/website_mail/message/delete', { message_id: another.id })).error?.data.name).to.equal('MissingError');
    });

    it('posting is rate-limited per address', async () => {
      const quentin = await signedIn('quentin@example.com', 'quentin-pass-123');
      let limited = false;
      for (let i = 0; i < 12 && !limited; i++) {
        const answer = await quentin.rpc('/website_mail/post/json', { res_model: 'website.page', res_id: aboutId, message: `spam ${i}` });
        limited = Boolean(answer.error?.data.message.includes('Too many requests'));
      }
      expect(limited).to.equal(true);
    });
  });
});

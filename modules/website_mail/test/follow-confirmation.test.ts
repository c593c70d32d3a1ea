import { expect } from 'chai';
import { SmtpSink, type ReceivedMail } from '@modules/mass_mailing/test/support';
import { UserAccounts } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { rawRequest } from '@platform/http/test/support';
import { CommentNotifier } from '../server/services/comment-notifier';
import { MAILS_PER_ADDRESS, MAILS_PER_CLIENT } from '../server/services/follow-confirmation';
import { confirmationLink, confirmByLink } from './support/follow-confirmation';

/**
 * Double opt-in of follows by e-mail, with a real SMTP server: typing an address only mails it a
 * signed link; the address follows (and gets comment mails) once its owner used the link, once; the
 * confirmation mail itself is limited per address and per client.
 */
describe('website_mail: follow confirmation (double opt-in)', function () {
  this.timeout(90_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let aboutId: number;
  let reviewsId: number;
  let author: RpcClient;

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['website_mail'], http: true, demo: true, config: { smtpUrl: sink.url } });
    await tk.sudo().db('website').update({ base_url: tk.url });
    const pages = await tk.sudo().model('website.page').search_read([], ['url']);
    aboutId = Number(pages.find((p) => p.url === '/about-us')!.id);
    reviewsId = Number(pages.find((p) => p.url === '/reviews')!.id);
    await tk.kernel.container.get(UserAccounts).create({ name: 'Anna Author', login: 'anna@example.com', password: 'anna-pass-123' });
    author = new RpcClient(tk.url);
    await author.authenticate('anna@example.com', 'anna-pass-123');
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });
  beforeEach(async () => {
    await tk.sudo().db('rate_limit').delete();
  });

  const received = (to: string, subject: RegExp): ReceivedMail[] => sink.received.filter((m) => m.to === to && subject.test(m.parsed!.subject ?? ''));
  const confirmations = (to: string) => received(to, /^Confirm that you want to follow/);
  const comments = (to: string) => received(to, /^New comment on/);
  const followers = (email: string, id = aboutId) => tk.sudo().db('mail_followers as f').join('res_partner as p', 'p.id', 'f.partner_id')
    .where({ 'f.res_model': 'website.page', 'f.res_id': id }).andWhere('p.email', email).count({ n: '*' }).first().then((r) => Number(r!.n));
  async function comment(text: string, id = aboutId): Promise<void> {
    await author.call('/website_mail/post/json', { res_model: 'website.page', res_id: id, message: text });
    await tk.kernel.container.get(CommentNotifier).kick();
  }

  it('a typed address only gets a confirmation mail; it follows, and gets comments, once the link is used, once', async () => {
    const visitor = new RpcClient(tk.url);
    const answer = await visitor.call('/website_mail/follow', { id: aboutId, object: 'website.page', email: 'Victim@Example.com' });
    expect(answer).to.deep.equal({ is_follower: false, pending: true, message: 'Check your inbox to confirm: we sent you a link to follow this page.' });
    const [mail] = confirmations('victim@example.com');
    expect(mail, 'the confirmation mail reached the SMTP server').to.exist;
    expect(mail.parsed!.subject).to.equal('Confirm that you want to follow About us');
    expect(mail.parsed!.text).to.contain('If you did not ask for it, ignore this e-mail');
    // Not a follower yet: a comment now mails nobody at that address.
    expect(await followers('victim@example.com')).to.equal(0);
    await comment('Before the confirmation');
    expect(comments('victim@example.com')).to.have.length(0);
    // The link (on the site's address) opens a page that changes nothing; its button follows.
    const link = confirmationLink(String(mail.parsed!.html));
    expect(link).to.match(/^\/website_mail\/follow\/confirm\?request=\d+&at=\d+&token=[0-9a-f]{64}$/);
    const page = await visitor.get(link);
    expect(await page.text()).to.contain('Follow this page?').and.contain('victim@example.com').and.contain('About us');
    expect(await followers('victim@example.com')).to.equal(0);
    const done = await confirmByLink(visitor, link);
    expect(done.status).to.equal(200);
    expect(await done.text()).to.contain('You are following this page');
    expect(await followers('victim@example.com')).to.equal(1);
    expect((await visitor.call<{ is_follower: boolean }>('/website_mail/is_follower', { model: 'website.page', res_id: aboutId })).is_follower).to.equal(true);
    await comment('After the confirmation');
    expect(comments('victim@example.com').map((m) => m.parsed!.text)).to.have.length(1);
    expect(comments('victim@example.com')[0].parsed!.text).to.contain('After the confirmation');
    // The link works once: a second use (another browser, or the same) is refused and changes nothing.
    const again = await new RpcClient(tk.url).get(link);
    expect(again.status).to.equal(403);
    expect(await again.text()).to.contain('This confirmation link is not valid, was used already or has expired.');
  });

  it('refuses forged, altered and expired links, and a post without the CSRF token', async () => {
    const visitor = new RpcClient(tk.url);
    await visitor.call('/website_mail/follow', { id: reviewsId, object: 'website.page', email: 'careful@example.com' });
    const link = confirmationLink(String(confirmations('careful@example.com')[0].parsed!.html));
    const params = new URL(link, tk.url).searchParams;
    const forged = link.replace(/token=[0-9a-f]{4}/, 'token=0000');
    const otherRequest = link.replace(/request=\d+/, `request=${Number(params.get('request')) + 1000}`);
    const old = Math.floor(Date.now() / 1000) - 8 * 86_400;
    for (const bad of [forged, otherRequest, link.replace(/at=\d+/, `at=${old}`), '/website_mail/follow/confirm?request=x&at=&token=']) {
      expect((await visitor.get(bad)).status, bad).to.equal(403);
    }
    const noCsrf = await visitor.postForm('/website_mail/follow/confirm', Object.fromEntries(params));
    expect(noCsrf.status).to.equal(400);
    expect(await followers('careful@example.com', reviewsId)).to.equal(0);
  });

  it('mails one confirmation per record and address in ten minutes, and at most a few per hour to one address', async () => {
    const ask = (id: number) => new RpcClient(tk.url).call('/website_mail/follow', { id, object: 'website.page', email: 'target@example.com' });
    for (let i = 0; i < 5; i++) await ask(aboutId);
    expect(confirmations('target@example.com')).to.have.length(1);
    // Other records: the address's budget ends it, the answer staying the same.
    for (let i = 0; i < MAILS_PER_ADDRESS; i++) await tk.sudo().model('website.page').create({ name: `Extra ${i}`, url: `/extra-${i}`, website_published: true });
    const pages = await tk.sudo().model('website.page').search_read([['website_published', '=', true]], ['id']);
    for (const p of pages) expect(await ask(Number(p.id))).to.include({ pending: true });
    expect(pages.length).to.be.greaterThan(MAILS_PER_ADDRESS);
    expect(confirmations('target@example.com')).to.have.length(MAILS_PER_ADDRESS);
  });

  it('limits the confirmation mails asked from one client, whatever the addresses', async () => {
    const before = sink.received.length;
    let refused: { code: number; data: { message: string } } | undefined;
    for (let i = 0; i <= MAILS_PER_CLIENT && !refused; i++) {
      refused = (await new RpcClient(tk.url).rpc('/website_mail/follow', { id: aboutId, object: 'website.page', email: `many${i}@example.com` })).error;
    }
    expect(refused?.data.message).to.equal('Too many confirmation e-mails were asked from your address. Please try again later.');
    expect(sink.received.length - before).to.equal(MAILS_PER_CLIENT);
  });

  it('a signed-in user with an unchecked address confirms it once; an internal user follows at once', async () => {
    await tk.kernel.container.get(UserAccounts).create({ name: 'Sam Signup', login: 'sam@example.com', password: 'sam-pass-1234' });
    const sam = new RpcClient(tk.url);
    await sam.authenticate('sam@example.com', 'sam-pass-1234');
    expect(await sam.call('/website_mail/follow', { id: aboutId, object: 'website.page' })).to.include({ is_follower: false, pending: true });
    expect(await followers('sam@example.com')).to.equal(0);
    await confirmByLink(sam, confirmationLink(String(confirmations('sam@example.com')[0].parsed!.html)));
    expect(await followers('sam@example.com')).to.equal(1);
    expect(await sam.call('/website_mail/follow', { id: reviewsId, object: 'website.page' })).to.include({ is_follower: true, pending: false });
    expect(confirmations('sam@example.com')).to.have.length(1);
    await tk.kernel.container.get(UserAccounts).create({ name: 'Ivy Internal', login: 'ivy@example.com', password: 'ivy-pass-1234', groups: ['base.group_user'] });
    const ivy = new RpcClient(tk.url);
    await ivy.authenticate('ivy@example.com', 'ivy-pass-1234');
    expect(await ivy.call('/website_mail/follow', { id: aboutId, object: 'website.page' })).to.include({ is_follower: true, pending: false });
    expect(confirmations('ivy@example.com')).to.have.length(0);
  });

  it('the plain follow form says to check the inbox', async () => {
    const res = await rawRequest(tk.url, '/website_mail/follow_form', {
      method: 'POST', body: new URLSearchParams({ id: String(aboutId), object: 'website.page', email: 'formfollower@example.com' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: tk.url },
    });
    expect(res.status).to.equal(200);
    expect(res.body).to.contain('Check your inbox to confirm');
    expect(confirmations('formfollower@example.com')).to.have.length(1);
    expect(await followers('formfollower@example.com')).to.equal(0);
  });
});

import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { NewsletterService } from '../server/services/newsletter-service';
import { MailingSender } from '../server/services/mailing-sender';
import { MailingTokens } from '../server/services/mailing-tokens';
import { listWith, mailingFor } from './support/fixtures';
import { confirmationLink, confirmationMails, confirmByLink } from './support/confirmation';

describe('mass_mailing: subscribe widget and exit popup calls', () => {
  let tk: TestKernel;
  let listId: number;
  let archivedId: number;
  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
    const env = tk.sudo();
    listId = await listWith(env, 'Newsletter', []);
    archivedId = await env.model('mail.mass_mailing.list').create({ name: 'Old', active: false });
    await env.model('mail.mass_mailing.list').write([listId], {
      popup_content: { en_US: '<p>Before you go</p>', fr_FR: '<p>Avant de partir</p>' }, popup_redirect_url: '/page/thanks',
    });
  });
  after(async () => tk?.stop());
  // Every test client comes from 127.0.0.1: start each test with fresh rate-limit buckets.
  beforeEach(async () => {
    await tk.sudo().db('rate_limit').delete();
  });

  const subscribers = async () => Number((await tk.sudo().model('mail.mass_mailing.list').read([listId], ['contact_nbr']))[0].contact_nbr);

  it('a visitor is not subscribed and has no e-mail yet', async () => {
    const client = new RpcClient(tk.url);
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: '', is_subscriber: false, pending: false });
  });

  it('a visitor subscribing gets the address pending and a signed confirmation link; only the link subscribes it', async () => {
    const client = new RpcClient(tk.url);
    const before = await subscribers();
    expect(await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: '  Alice@Example.COM ' })).to.deep.equal({ is_subscriber: false, pending: true });
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: 'alice@example.com', is_subscriber: false, pending: true });
    expect(await subscribers()).to.equal(before);
    const contacts = await tk.sudo().model('mail.mass_mailing.contact').search_read([['email', 'ilike', 'alice@']], ['email']);
    expect(contacts.map((c) => c.email)).to.deep.equal(['alice@example.com']);
    const [mail] = await confirmationMails(tk, 'alice@example.com');
    expect(mail.subject).to.equal('Confirm your subscription to Newsletter');

    await confirmByLink(client, confirmationLink(mail));
    expect(await subscribers()).to.equal(before + 1);
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: 'alice@example.com', is_subscriber: true, pending: false });
    // Subscribing again changes nothing and sends nothing more.
    await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'alice@example.com' });
    expect(await subscribers()).to.equal(before + 1);
    expect(await confirmationMails(tk, 'alice@example.com')).to.have.length(1);
    // Another browser does not inherit that session's address.
    expect(await new RpcClient(tk.url).call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: '', is_subscriber: false, pending: false });
  });

  it('opening the link shows a confirm button and changes nothing (mail scanners follow links)', async () => {
    await new RpcClient(tk.url).call('/website_mass_mailing/subscribe', { list_id: listId, email: 'scanned@example.com' });
    const link = confirmationLink((await confirmationMails(tk, 'scanned@example.com'))[0]);
    const res = await new RpcClient(tk.url).get(link);
    expect(res.status).to.equal(200);
    expect(await res.text()).to.contain('scanned@example.com').and.contain('Newsletter').and.contain('action="/newsletter/confirm" method="post"');
    expect(await tk.kernel.container.get(NewsletterService).isSubscribed(tk.sudo(), listId, 'scanned@example.com')).to.equal(false);
  });

  it('the link is signed for its list and address and expires: anything else confirms nothing', async () => {
    await new RpcClient(tk.url).call('/website_mass_mailing/subscribe', { list_id: listId, email: 'eve.target@example.com' });
    const link = new URL(confirmationLink((await confirmationMails(tk, 'eve.target@example.com'))[0]), tk.url);
    const signer = await tk.kernel.container.get(MailingTokens).signer();
    const at = Number(link.searchParams.get('at'));
    const variants: Array<Record<string, string>> = [
      { token: link.searchParams.get('token')!.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      { email: 'mallory@example.com' },
      { list_id: String(archivedId) },
      { token: '' },
      // Signed, but more than a week old.
      { at: String(at - 8 * 86400), token: signer.confirm(listId, 'eve.target@example.com', at - 8 * 86400) },
    ];
    for (const change of variants) {
      const forged = new URL(link);
      for (const [k, v] of Object.entries(change)) forged.searchParams.set(k, v);
      const client = new RpcClient(tk.url);
      const res = await client.get(forged.pathname + forged.search);
      expect(res.status, JSON.stringify(change)).to.equal(403);
      const fields = Object.fromEntries(forged.searchParams);
      const post = await client.postForm('/newsletter/confirm', { ...fields, csrf_token: await client.csrfFrom('/web/login') });
      expect(post.status, JSON.stringify(change)).to.equal(403);
    }
    const service = tk.kernel.container.get(NewsletterService);
    expect(await service.isSubscribed(tk.sudo(), listId, 'eve.target@example.com')).to.equal(false);
    expect(await service.isSubscribed(tk.sudo(), listId, 'mallory@example.com')).to.equal(false);
  });

  it('an address subscribed already gets the same answer and no mail: nothing tells a visitor it was', async () => {
    const env = tk.sudo();
    await tk.kernel.container.get(NewsletterService).subscribe(env, listId, 'known@example.com');
    const client = new RpcClient(tk.url);
    expect(await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'known@example.com' })).to.deep.equal({ is_subscriber: false, pending: true });
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: 'known@example.com', is_subscriber: false, pending: true });
    expect(await confirmationMails(tk, 'known@example.com')).to.have.length(0);
  });

  it('one confirmation mail per address and list every 10 minutes, however often it is typed', async () => {
    for (let i = 0; i < 3; i++) await new RpcClient(tk.url).call('/website_mass_mailing/subscribe', { list_id: listId, email: 'flooded@example.com' });
    expect(await confirmationMails(tk, 'flooded@example.com')).to.have.length(1);
    await tk.sudo().db('mail_mass_mailing_subscription').update({ confirmation_sent_at: '2000-01-01 00:00:00' });
    await new RpcClient(tk.url).call('/website_mass_mailing/subscribe', { list_id: listId, email: 'flooded@example.com' });
    expect(await confirmationMails(tk, 'flooded@example.com')).to.have.length(2);
  });

  it('the link is built on the site base URL, not the Host the visitor named', async () => {
    await tk.sudo().model('website').write([1], { base_url: 'https://news.example.com' });
    try {
      await new RpcClient(tk.url).call('/website_mass_mailing/subscribe', { list_id: listId, email: 'based@example.com' });
      const [mail] = await confirmationMails(tk, 'based@example.com');
      expect(String(mail.body_html)).to.contain('href="https://news.example.com/newsletter/confirm?');
    } finally {
      await tk.sudo().model('website').write([1], { base_url: false });
    }
  });

  it('mailings go to confirmed subscribers only', async () => {
    const env = tk.sudo();
    const list = await listWith(env, 'Weekly (confirmed only)', ['sure@example.com']);
    await new RpcClient(tk.url).call('/website_mass_mailing/subscribe', { list_id: list, email: 'unsure@example.com' });
    const mailing = await mailingFor(env, [list]);
    expect(await tk.kernel.container.get(MailingSender).queue(env, mailing)).to.equal(1);
    expect(await env.db('mail_mass_mailing_recipient').where({ mailing_id: mailing }).pluck('email')).to.deep.equal(['sure@example.com']);
    expect(Number((await env.model('mail.mass_mailing.list').read([list], ['contact_nbr']))[0].contact_nbr)).to.equal(1);
  });

  it('an opted-out contact subscribing again stays out until the link confirms it', async () => {
    const env = tk.sudo();
    const client = new RpcClient(tk.url);
    await tk.kernel.container.get(NewsletterService).subscribe(env, listId, 'bob@example.com');
    const [sub] = await env.model('mail.mass_mailing.subscription').search([['contact_id.email', '=', 'bob@example.com']]);
    await env.model('mail.mass_mailing.subscription').write([sub], { opt_out: true, unsubscription_date: '2026-01-01 00:00:00' });
    await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'BOB@example.com' });
    expect((await env.model('mail.mass_mailing.subscription').read([sub], ['opt_out']))[0].opt_out).to.equal(true);
    await confirmByLink(client, confirmationLink((await confirmationMails(tk, 'bob@example.com'))[0]));
    const [row] = await env.model('mail.mass_mailing.subscription').read([sub], ['opt_out', 'unsubscription_date']);
    expect(row.opt_out).to.equal(false);
    expect(row.unsubscription_date).to.equal(false);
  });

  it('the same address subscribing twice at once ends with one subscription', async () => {
    const service = tk.kernel.container.get(NewsletterService);
    const before = await subscribers();
    const stored = await Promise.all([service.subscribe(tk.sudo(), listId, 'Dora@example.com'), service.subscribe(tk.sudo(), listId, 'dora@example.com')]);
    expect(stored).to.deep.equal(['dora@example.com', 'dora@example.com']);
    expect(await subscribers()).to.equal(before + 1);
    expect(await service.isSubscribed(tk.sudo(), listId, 'dora@example.com')).to.equal(true);
  });

  it('a logged-in user sees their own e-mail and subscribes it at once; another address must be confirmed', async () => {
    const env = tk.sudo();
    const [admin] = await env.model('res.users').search([['login', '=', 'admin']]);
    await env.model('res.users').write([admin], { email: 'admin@example.com' });
    const client = new RpcClient(tk.url);
    await client.authenticate('admin', ADMIN_PASSWORD);
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: 'admin@example.com', is_subscriber: false, pending: false });
    expect(await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'Admin@example.com' })).to.deep.equal({ is_subscriber: true, pending: false });
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: 'admin@example.com', is_subscriber: true, pending: false });
    expect(await confirmationMails(tk, 'admin@example.com')).to.have.length(0);
    expect(await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'friend.of.admin@example.com' })).to.deep.equal({ is_subscriber: false, pending: true });
    expect(await tk.kernel.container.get(NewsletterService).isSubscribed(env, listId, 'friend.of.admin@example.com')).to.equal(false);
    expect(await confirmationMails(tk, 'friend.of.admin@example.com')).to.have.length(1);
  });

  it('refuses malformed e-mails, writing nothing', async () => {
    const client = new RpcClient(tk.url);
    const count = await tk.sudo().model('mail.mass_mailing.contact').search_count();
    const outboxBefore = Number((await tk.sudo().db('mail_outbox').count({ n: '*' }).first())?.n);
    for (const email of ['', 'plainaddress', 'a@', '@b.com', 'a b@c.com', 'a@b', 'x@y..', `${'a'.repeat(250)}@b.com`]) {
      const answer = await client.rpc('/website_mass_mailing/subscribe', { list_id: listId, email });
      expect(answer.error?.data.name, email).to.equal('ValidationError');
    }
    for (const email of [42, null, ['a@b.com']]) {
      expect((await client.rpc('/website_mass_mailing/subscribe', { list_id: listId, email })).error?.data.name).to.equal('ValidationError');
    }
    expect(await tk.sudo().model('mail.mass_mailing.contact').search_count()).to.equal(count);
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: '', is_subscriber: false, pending: false });
    expect(await tk.sudo().db('mail_outbox').count({ n: '*' }).first().then((r) => Number(r?.n))).to.equal(outboxBefore);
  });

  it('refuses unknown, archived and malformed list ids', async () => {
    const client = new RpcClient(tk.url);
    for (const list_id of [999999, archivedId]) {
      for (const [path, params] of [
        ['/website_mass_mailing/subscribe', { list_id, email: 'carol@example.com' }],
        ['/website_mass_mailing/is_subscriber', { list_id }],
        ['/website_mass_mailing/get_content', { newsletter_id: list_id }],
      ] as const) {
        const answer = await client.rpc(path, params);
        expect(answer.error?.data.name, `${path} ${list_id}`).to.equal('MissingError');
        expect(answer.error?.data.message).to.equal('This mailing list does not exist.');
      }
    }
    for (const list_id of ['1', -1, 1.5, null]) {
      expect((await client.rpc('/website_mass_mailing/subscribe', { list_id, email: 'carol@example.com' })).error?.data.name).to.equal('ValidationError');
    }
    expect((await client.rpc('/website_mass_mailing/subscribe', { list_id: listId, email: 'carol@example.com', extra: 1 })).error?.data.name).to.equal('ValidationError');
    expect(await tk.sudo().model('mail.mass_mailing.contact').search_count([['email', '=', 'carol@example.com']])).to.equal(0);
  });

  it('get_content gives the popup in the visitor language, the redirect URL and the subscription state', async () => {
    const client = new RpcClient(tk.url);
    const c = await client.call<Record<string, unknown>>('/website_mass_mailing/get_content', { newsletter_id: listId });
    expect(c).to.deep.equal({ content: '<p>Before you go</p>', email: '', redirect_url: '/page/thanks', is_subscriber: false, pending: false });
    await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'dave@example.com' });
    const pending = await client.call<Record<string, unknown>>('/website_mass_mailing/get_content', { newsletter_id: listId });
    expect(pending).to.include({ email: 'dave@example.com', is_subscriber: false, pending: true });
    await confirmByLink(client, confirmationLink((await confirmationMails(tk, 'dave@example.com'))[0]));
    const after = await client.call<Record<string, unknown>>('/website_mass_mailing/get_content', { newsletter_id: listId });
    expect(after).to.include({ email: 'dave@example.com', is_subscriber: true, pending: false });
    // The content is translatable: a French visitor gets the French popup.
    const french = await tk.kernel.container.get(NewsletterService).activeList(tk.sudo().withLang('fr_FR'), listId);
    expect(french.popupContent).to.equal('<p>Avant de partir</p>');
  });

  it('the newsletter page renders a widget per active list and the popup', async () => {
    const html = await (await new RpcClient(tk.url).get('/newsletter')).text();
    expect(html).to.contain('data-island="mass_mailing.subscribe"');
    expect(html).to.contain('data-island="mass_mailing.exit_popup"');
    expect(html).to.contain('Newsletter');
    expect(html).not.to.contain('>Old<');
  });

  it('the popup is not armed in edit mode (publishers only)', async () => {
    const props = async (client: RpcClient) => {
      const html = await (await client.get('/newsletter?enable_editor=1')).text();
      return /data-island="mass_mailing.exit_popup" data-props="([^"]+)"/.exec(html)![1].replace(/&quot;/g, '"');
    };
    expect(JSON.parse(await props(new RpcClient(tk.url)))).to.deep.equal({ listId, editMode: false });
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    expect(JSON.parse(await props(admin))).to.deep.equal({ listId, editMode: true });
  });

  it('subscribing is rate-limited per IP', async () => {
    const client = new RpcClient(tk.url);
    let limited = false;
    for (let i = 0; i < 25 && !limited; i++) {
      const answer = await client.rpc('/website_mass_mailing/subscribe', { list_id: listId, email: `rl${i}@example.com` });
      limited = /Too many requests/.test(answer.error?.data.message ?? '');
    }
    expect(limited).to.equal(true);
  });
});

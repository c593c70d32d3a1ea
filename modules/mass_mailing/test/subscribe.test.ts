import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { NewsletterService } from '../server/services/newsletter-service';
import { listWith } from './support/fixtures';

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
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: '', is_subscriber: false });
  });

  it('subscribing stores the lower-cased e-mail, remembers it in the session and is harmless twice', async () => {
    const client = new RpcClient(tk.url);
    const before = await subscribers();
    expect(await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: '  Alice@Example.COM ' })).to.equal(true);
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: 'alice@example.com', is_subscriber: true });
    expect(await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'alice@example.com' })).to.equal(true);
    expect(await subscribers()).to.equal(before + 1);
    const contacts = await tk.sudo().model('mail.mass_mailing.contact').search_read([['email', 'ilike', 'alice@']], ['email']);
    expect(contacts.map((c) => c.email)).to.deep.equal(['alice@example.com']);
    // Another browser does not inherit that session's address.
    expect(await new RpcClient(tk.url).call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: '', is_subscriber: false });
  });

  it('an opted-out contact subscribing again is subscribed again', async () => {
    const env = tk.sudo();
    const client = new RpcClient(tk.url);
    await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'bob@example.com' });
    const [sub] = await env.model('mail.mass_mailing.subscription').search([['contact_id.email', '=', 'bob@example.com']]);
    await env.model('mail.mass_mailing.subscription').write([sub], { opt_out: true, unsubscription_date: '2026-01-01 00:00:00' });
    expect((await client.call<{ is_subscriber: boolean }>('/website_mass_mailing/is_subscriber', { list_id: listId })).is_subscriber).to.equal(false);
    await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'BOB@example.com' });
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

  it('a logged-in user sees their own e-mail', async () => {
    const env = tk.sudo();
    const [admin] = await env.model('res.users').search([['login', '=', 'admin']]);
    await env.model('res.users').write([admin], { email: 'admin@example.com' });
    const client = new RpcClient(tk.url);
    await client.authenticate('admin', ADMIN_PASSWORD);
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: 'admin@example.com', is_subscriber: false });
    await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'admin@example.com' });
    expect((await client.call<{ is_subscriber: boolean }>('/website_mass_mailing/is_subscriber', { list_id: listId })).is_subscriber).to.equal(true);
  });

  it('refuses malformed e-mails, writing nothing', async () => {
    const client = new RpcClient(tk.url);
    const count = await tk.sudo().model('mail.mass_mailing.contact').search_count();
    for (const email of ['', 'plainaddress', 'a@', '@b.com', 'a b@c.com', 'a@b', 'x@y..', `${'a'.repeat(250)}@b.com`]) {
      const answer = await client.rpc('/website_mass_mailing/subscribe', { list_id: listId, email });
      expect(answer.error?.data.name, email).to.equal('ValidationError');
    }
    for (const email of [42, null, ['a@b.com']]) {
      expect((await client.rpc('/website_mass_mailing/subscribe', { list_id: listId, email })).error?.data.name).to.equal('ValidationError');
    }
    expect(await tk.sudo().model('mail.mass_mailing.contact').search_count()).to.equal(count);
    expect(await client.call('/website_mass_mailing/is_subscriber', { list_id: listId })).to.deep.equal({ email: '', is_subscriber: false });
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
    expect(c).to.deep.equal({ content: '<p>Before you go</p>', email: '', redirect_url: '/page/thanks', is_subscriber: false });
    await client.call('/website_mass_mailing/subscribe', { list_id: listId, email: 'dave@example.com' });
    const after = await client.call<Record<string, unknown>>('/website_mass_mailing/get_content', { newsletter_id: listId });
    expect(after).to.include({ email: 'dave@example.com', is_subscriber: true });
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

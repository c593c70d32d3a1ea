import { expect } from 'chai';
import { UserAccounts } from '../server/services/user-accounts';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { BackofficeBootData } from '@platform/web/backoffice/client/boot-data';

function bootData(html: string): BackofficeBootData {
  const m = /<script type="application\/json" id="backoffice-data">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('no back office data in the page');
  return JSON.parse(m[1]) as BackofficeBootData;
}

describe('base: the back office at /web', function () {
  this.timeout(60000);
  let tk: TestKernel;
  let admin: RpcClient;
  let internal: RpcClient;
  let portal: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['link_tracker'], http: true });
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Ines Internal', login: 'ines', password: 'password-123', groups: ['base.group_user'] });
    await accounts.create({ name: 'Paul Portal', login: 'paul', password: 'password-123', groups: ['base.group_portal'] });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    internal = new RpcClient(tk.url);
    await internal.authenticate('ines', 'password-123');
    portal = new RpcClient(tk.url);
    await portal.authenticate('paul', 'password-123');
  });
  after(async () => tk?.stop());

  it('sends visitors to the login page, which comes back to /web', async () => {
    const res = await new RpcClient(tk.url).get('/web');
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('/web/login?redirect=%2Fweb');
  });

  it('keeps /web?redirect= as the spec\'s sign-in-then-return link', async () => {
    const visitor = await new RpcClient(tk.url).get('/web?redirect=%2Fr');
    expect(visitor.headers.get('location')).to.equal('/web/login?redirect=%2Fr');
    const signedIn = await internal.get('/web?redirect=%2Fr');
    expect(signedIn.headers.get('location')).to.equal('/r');
    const away = await internal.get('/web?redirect=https%3A%2F%2Fevil.example%2F');
    expect(away.headers.get('location')).to.equal('/');
  });

  it('answers portal users with a 403 page, never the app or a blank page', async () => {
    const res = await portal.get('/web');
    expect(res.status).to.equal(403);
    const html = await res.text();
    expect(html).to.contain('The back office is for internal users.');
    expect(html).to.not.contain('backoffice-data');
    expect(html).to.not.contain('/web/backoffice/assets/');
  });

  it('serves internal users the app with their menu: no Settings for a plain internal user', async () => {
    const res = await internal.get('/web');
    expect(res.status).to.equal(200);
    expect(res.headers.get('cache-control')).to.contain('no-store');
    const html = await res.text();
    const script = /<script type="module" src="(\/web\/backoffice\/assets\/backoffice-[^"]+\.js)" nonce="[^"]+"/.exec(html);
    expect(script, 'the back office script with the CSP nonce').to.not.equal(null);
    const data = bootData(html);
    expect(data.session.name).to.equal('Ines Internal');
    expect(data.session.isAdmin).to.equal(false);
    const apps = data.menu.map((m) => m.id);
    expect(apps).to.include('base.contacts');
    expect(apps, 'administrators only').to.not.include('base.settings');
    expect(apps, 'needs the link tracker group').to.not.include('link_tracker.app');
    const js = await internal.get(script![1]);
    expect(js.status).to.equal(200);
    expect(js.headers.get('content-type')).to.contain('javascript');
    expect((await js.text()).length).to.be.greaterThan(1000);
    // Content-hashed: kept by the user's browser (not shared caches) instead of fetched on every /web load.
    expect(js.headers.get('cache-control')).to.equal('private, max-age=31536000, immutable');
  });

  it('gives administrators the Settings app and the apps of the modules enabled on the site', async () => {
    const data = bootData(await (await admin.get('/web')).text());
    const settings = data.menu.find((m) => m.id === 'base.settings')!;
    expect(settings.children.map((c) => c.id)).to.deep.equal(['base.apps', 'base.sites', 'base.users', 'base.groups']);
    expect(settings.children[0].action).to.deep.equal({ screen: 'apps' });
    const links = data.menu.find((m) => m.id === 'link_tracker.app')!;
    expect(links.children.map((c) => c.id)).to.deep.equal(['link_tracker.links', 'link_tracker.campaigns']);
  });

  it('keeps the bundle from visitors and portal users, and out of public pages', async () => {
    const html = await (await internal.get('/web')).text();
    const src = /src="(\/web\/backoffice\/assets\/[^"]+)"/.exec(html)![1];
    const visitor = await new RpcClient(tk.url).get(src);
    expect(visitor.status).to.equal(403);
    expect((await portal.get(src)).status).to.equal(403);
    const home = await (await new RpcClient(tk.url).get('/')).text();
    expect(home).to.not.contain('/web/backoffice/');
    const signedInHome = await (await admin.get('/')).text();
    expect(signedInHome).to.not.contain('/web/backoffice/');
    // The way in: internal users' menu on the site links to /web; portal users' does not.
    expect(await (await internal.get('/')).text()).to.contain('href="/web"');
    expect(await (await portal.get('/')).text()).to.not.contain('href="/web"');
  });

  it('lists the modules with manifests, installed state and the sites they are enabled on (administrators only)', async () => {
    const r = await admin.call<{ modules: Array<{ name: string; installed: boolean; installed_version: string | null; depends: string[]; sites: number[]; version: string }>; sites: Array<{ id: number }> }>('/web/backoffice/modules');
    const links = r.modules.find((m) => m.name === 'link_tracker')!;
    expect(links).to.include({ installed: true, installed_version: links.version });
    expect(links.version).to.match(/^\d+\.\d+/);
    expect(links.sites).to.deep.equal([r.sites[0].id]);
    expect(r.modules.find((m) => m.name === 'forum' || m.name === 'livechat')?.installed).to.equal(false);
    const refused = await internal.rpc('/web/backoffice/modules');
    expect(refused.error?.data.name).to.equal('AccessError');
  });

  it('creates a site with a unique domain, and previews then applies disabling with dependents named', async () => {
    const site = await admin.call<{ id: number; enabled: string[] }>('/web/backoffice/site/create', { name: 'Second', domain: 'Second.Example.com', lang: 'en_US' });
    expect(site.enabled).to.include('link_tracker');
    const again = await admin.rpc('/web/backoffice/site/create', { name: 'Third', domain: 'second.example.com', lang: 'en_US' });
    expect(again.error?.data.message).to.contain("already uses the domain 'second.example.com'");
    const badHost = await admin.rpc('/web/backoffice/site/create', { name: 'Bad', domain: 'http://x/y', lang: 'en_US' });
    expect(badHost.error?.data.name).to.equal('ValidationError');
    // Writing the domain of another site through call_kw is refused by the unique index, with a clear message.
    const write = await admin.rpc('/web/dataset/call_kw', { model: 'website', method: 'write', args: [[site.id], { domain: 'SECOND.example.com' }], kwargs: {} });
    expect(write.error, 'same domain, other case, same record').to.equal(undefined);
    const firstId = (await admin.call<Array<{ id: number }>>('/web/site/list'))[0].id;
    const clash = await admin.rpc('/web/dataset/call_kw', { model: 'website', method: 'write', args: [[firstId], { domain: 'second.example.com' }], kwargs: {} });
    expect(clash.error?.data.message).to.contain('Another website already uses the domain');

    const preview = await admin.call<{ disabled: string[]; modules: string[] }>('/web/site/modules', { website_id: site.id, disable: ['link_tracker'], dry_run: true });
    expect(preview.disabled).to.deep.equal(['link_tracker']);
    expect(preview.modules, 'nothing written by a dry run').to.include('link_tracker');
    const done = await admin.call<{ disabled: string[]; modules: string[] }>('/web/site/modules', { website_id: site.id, disable: ['link_tracker'] });
    expect(done.modules).to.not.include('link_tracker');
    const enablePreview = await admin.call<{ enabled: string[] }>('/web/site/modules', { website_id: site.id, enable: ['link_tracker'], dry_run: true });
    expect(enablePreview.enabled).to.deep.equal(['link_tracker']);
    const refused = await internal.rpc('/web/backoffice/site/create', { name: 'Nope' });
    expect(refused.error?.data.name).to.equal('AccessError');
  });

  it('creates users with their groups (administrators only)', async () => {
    const groups = await admin.callKw<Array<[number, string]>>('res.groups', 'name_search', [], { name: 'Internal User', operator: '=' });
    const uid = await admin.call<number>('/web/backoffice/user/create', { name: 'Nora New', login: 'nora@example.com', group_ids: [groups[0][0]] });
    const [user] = await admin.callKw<Array<Record<string, unknown>>>('res.users', 'read', [[uid], ['login', 'email', 'groups_id', 'share', 'active']]);
    expect(user).to.deep.include({ login: 'nora@example.com', email: 'nora@example.com', share: false, active: true, groups_id: [groups[0][0]] });
    const taken = await admin.rpc('/web/backoffice/user/create', { name: 'Nora Again', login: 'NORA@example.com', group_ids: [] });
    expect(taken.error?.data.message).to.contain('already registered');
    const unknownGroup = await admin.rpc('/web/backoffice/user/create', { name: 'Ghost', login: 'ghost@example.com', group_ids: [groups[0][0], 99999] });
    expect(unknownGroup.error?.data.message).to.equal('Unknown group');
    expect(await admin.callKw('res.users', 'search_count', [[['login', '=', 'ghost@example.com']]]), 'nothing half-written').to.equal(0);
    // The reset mail needs the mail module's transport (not installed here), an e-mail, and an administrator.
    const noMail = await admin.rpc('/web/backoffice/user/reset_password', { user_id: uid });
    expect(noMail.error?.data.message).to.contain('cannot send e-mails');
    const notAdmin = await internal.rpc('/web/backoffice/user/reset_password', { user_id: uid });
    expect(notAdmin.error?.data.name).to.equal('AccessError');
    const refused = await internal.rpc('/web/backoffice/user/create', { name: 'X', login: 'x@example.com' });
    expect(refused.error?.data.name).to.equal('AccessError');
    expect(await admin.callKw('res.users', 'search_count', [[['login', '=', 'x@example.com']]])).to.equal(0);
  });

  it('answers fields_get and copy through call_kw under rights and record rules', async () => {
    const fields = await internal.callKw<Record<string, { type: string; relation?: string }>>('res.partner', 'fields_get', [], { attributes: ['type', 'relation'] });
    expect(fields.country_id).to.deep.equal({ type: 'many2one', relation: 'res.country' });
    const noRight = await internal.rpc('/web/dataset/call_kw', { model: 'link.tracker', method: 'fields_get', args: [], kwargs: {} });
    expect(noRight.error?.data.name).to.equal('AccessError');
    const [alice] = await admin.callKw<number[]>('res.partner', 'create', [[{ name: 'Alice Copy', email: 'alice@example.com' }]]);
    const copyId = await internal.callKw<number>('res.partner', 'copy', [alice]);
    expect((await admin.callKw<Array<{ name: string; email: string }>>('res.partner', 'read', [[copyId], ['name', 'email']]))[0]).to.include({ name: 'Alice Copy (copy)', email: 'alice@example.com' });
    // Portal users read their own contact only (record rule), and create none.
    const portalCopy = await portal.rpc('/web/dataset/call_kw', { model: 'res.partner', method: 'copy', args: [alice], kwargs: {} });
    expect(portalCopy.error?.data.name).to.equal('AccessError');
    const me = await portal.call<{ partner_id: number }>('/web/session/get_session_info');
    const ownCopy = await portal.rpc('/web/dataset/call_kw', { model: 'res.partner', method: 'copy', args: [me.partner_id], kwargs: {} });
    expect(ownCopy.error?.data.message).to.match(/not allowed to create/);
    const linkCopy = await internal.rpc('/web/dataset/call_kw', { model: 'link.tracker', method: 'copy', args: [1], kwargs: {} });
    expect(linkCopy.error?.data.name).to.equal('AccessError');
  });

  it('exports the current search as CSV under the caller\'s rights and record rules', async () => {
    await admin.callKw('res.partner', 'create', [[{ name: '=cmd|calc', email: 'a@example.com' }, { name: 'Zed, "quoted"', email: 'z@example.com' }]]);
    const domain = JSON.stringify([['email', 'in', ['a@example.com', 'z@example.com']]]);
    const res = await internal.get(`/web/backoffice/export?model=res.partner&fields=name,email&domain=${encodeURIComponent(domain)}`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.contain('text/csv');
    expect(res.headers.get('content-disposition')).to.contain('res.partner.csv');
    const lines = (await res.text()).replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines).to.deep.equal(['Name,Email', "'=cmd|calc,a@example.com", '"Zed, ""quoted""",z@example.com']);
    // Saved filters are personal: the admin's are not in the internal user's export.
    await admin.callKw('ir.filters', 'create', [{ name: 'admin only', model_id: 'res.partner', domain: '[]' }]);
    await internal.callKw('ir.filters', 'create', [{ name: 'mine', model_id: 'res.partner', domain: '[]' }]);
    const forAdmin = await internal.rpc('/web/dataset/call_kw', { model: 'ir.filters', method: 'create', args: [{ name: 'planted', model_id: 'res.partner', domain: '[]', user_id: 2 }], kwargs: {} });
    expect(forAdmin.error?.data.name, "another user's saved search").to.equal('AccessError');
    const filters = await (await internal.get('/web/backoffice/export?model=ir.filters&fields=name')).text();
    expect(filters).to.contain('mine').and.not.contain('admin only');
    // No right on the model, or on the back office: refused before any byte of CSV.
    const noRight = await internal.get('/web/backoffice/export?model=link.tracker&fields=url');
    expect(noRight.status).to.equal(403);
    expect((await portal.get('/web/backoffice/export?model=res.partner&fields=name')).status).to.equal(403);
    expect((await internal.get('/web/backoffice/export?model=res.partner&fields=name&domain=%5B%5B')).status).to.equal(400);
    // A link's query may carry what others added (utm_source...): ignored, not refused.
    expect((await internal.get('/web/backoffice/export?model=res.partner&fields=name&extra=1')).status).to.equal(200);
    expect((await internal.get(`/web/backoffice/export?model=res.partner&fields=${'a,'.repeat(2500)}`)).status).to.equal(400);
  });
});

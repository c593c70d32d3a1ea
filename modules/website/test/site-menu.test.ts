import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { EditorMenuItem } from '../web/editor/menu-items';

/**
 * The whole menu: Home, pages, links and the enabled modules' pages are records an owner renames,
 * hides, orders and nests; a module's entry comes and goes with the module on the site; entries past
 * the header's width fold under More.
 */
describe('website: the whole menu', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let admin: RpcClient;
  let publisher: RpcClient;
  let employee: RpcClient;
  let siteId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website', 'survey'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Pia', login: 'pia@example.com', password: 'pia-pass-1234', groups: ['website.group_website_publisher'] });
    await accounts.create({ name: 'Ed', login: 'ed@example.com', password: 'ed-pass-1234', groups: ['base.group_user'] });
    publisher = new RpcClient(tk.url);
    await publisher.authenticate('pia@example.com', 'pia-pass-1234');
    employee = new RpcClient(tk.url);
    await employee.authenticate('ed@example.com', 'ed-pass-1234');
    siteId = Number((await tk.sudo().model('website').search([], { limit: 1 }))[0]);
  });
  after(async () => tk?.stop());

  const header = async (path = '/') => {
    const html = await (await new RpcClient(tk.url).get(path)).text();
    // The main menu is the site menu's first <nav> (its label is in the page's language).
    return /<div class="site-menu" id="site-menu"><nav[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1];
  };
  const labels = (nav: string) => [...nav.replace(/<li class="nav-item[^"]*menu-more[\s\S]*$/, '').matchAll(/class="(?:nav-link|dropdown-item)"[^>]*>([^<]+)</g)].map((m) => m[1]);
  const list = () => publisher.call<EditorMenuItem[]>('/website/menu/list', { lang: 'en_US' });
  it('shows Home, the pages and the enabled modules\' pages as editable entries', async () => {
    const nav = await header();
    expect(labels(nav)).to.include.members(['Home', 'Gallery', 'Surveys']);
    expect(labels(nav)[0]).to.equal('Home');
    const items = await list();
    expect(items.find((m) => m.url === '/survey')).to.include({ kind: 'module', visible: true });
    expect(items.find((m) => m.url === '/')).to.include({ kind: 'module' });
  });

  it('renames, hides, nests and adds a link in one save; the header shows it at once', async () => {
    const items = await list();
    const survey = items.find((m) => m.url === '/survey')!;
    const gallery = items.find((m) => m.url === '/gallery')!;
    const home = items.find((m) => m.url === '/')!;
    const res = await publisher.rpc('/website/menu/save', {
      lang: 'en_US',
      entries: [
        { id: home.id, name: 'Start', visible: true, children: [] },
        { id: survey.id, name: 'Have your say', visible: true, children: [{ id: gallery.id, name: 'Pictures', visible: true }] },
        { name: 'Our shop', url: 'https://shop.example.com/', visible: true, children: [] },
        ...items.filter((m) => ![home, survey, gallery].includes(m)).map((m) => ({ id: m.id, name: m.name, visible: false, children: [] })),
      ],
    });
    expect(res.error).to.equal(undefined);
    const nav = await header();
    expect(labels(nav)).to.deep.equal(['Start', 'Have your say', 'Pictures', 'Our shop']);
    expect(nav).to.contain('<details class="menu-dropdown"><summary class="nav-link dropdown-toggle">Have your say</summary>');
    expect(nav).to.contain('href="https://shop.example.com/"');
    // French visitors see the same menu under /fr (their language's prefix on the site's paths only).
    const fr = await header('/fr');
    expect(fr).to.contain('href="/fr/gallery"').and.contain('href="https://shop.example.com/"');
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const before = await list();
    const entries = before.filter((m) => m.depth === 0).map((m) => ({ id: m.id, name: m.name, visible: m.visible, children: [] }));
    for (const url of ['javascript:alert(1)', '//evil.example', 'ftp://x.example']) {
      const r = await publisher.rpc('/website/menu/save', { lang: 'en_US', entries: [...entries, { name: 'Bad', url, visible: true, children: [] }] });
      expect(r.error?.data.name, url).to.equal('ValidationError');
    }
    expect((await publisher.rpc('/website/menu/save', { lang: 'en_US', entries: [...entries, { id: 999999, name: 'X', visible: true, children: [] }] })).error?.data.name).to.equal('ValidationError');
    const survey = before.find((m) => m.url === '/survey')!;
    expect((await publisher.rpc('/website/menu/save', { lang: 'en_US', entries: entries.filter((e) => e.id !== survey.id) })).error?.data.message).to.contain('hide it');
    expect((await publisher.rpc('/website/menu/save', { lang: 'en_US', entries: [{ ...entries[0], children: [{ id: entries[1].id, name: 'x', visible: true, children: [{ name: 'deep' }] }] }] })).error).to.not.equal(undefined);
    expect((await employee.rpc('/website/menu/save', { lang: 'en_US', entries })).error?.data.name).to.equal('AccessError');
    expect(await list()).to.deep.equal(before);
  });

  it('a module disabled on the site takes its entry away; enabled again, it comes back last', async () => {
    await admin.call('/web/site/modules', { website_id: siteId, disable: ['survey'] });
    expect(labels(await header())).to.not.include('Have your say');
    expect(await tk.sudo().model('website.menu').search_count([['module', '=', 'survey']])).to.equal(0);
    await admin.call('/web/site/modules', { website_id: siteId, enable: ['survey'] });
    const nav = labels(await header());
    expect(nav[nav.length - 1]).to.equal('Surveys');
  });

  it('past the width, entries fold into a More dropdown (per breakpoint, without JavaScript)', async () => {
    const items = await list();
    const entries = [
      ...items.map((m) => ({ id: m.id, name: m.name, url: m.kind === 'link' ? m.url : undefined, visible: true, children: [] })),
      ...['Services', 'Pricing', 'Our customers', 'Careers', 'Press room', 'Partners', 'Documentation', 'Contact us'].map((name, i) => ({ name, url: `/p${i}`, visible: true, children: [] })),
    ];
    expect((await publisher.rpc('/website/menu/save', { lang: 'en_US', entries })).error).to.equal(undefined);
    const nav = await header();
    expect(nav).to.contain('menu-more');
    expect(nav).to.match(/class="nav-item fold-sm fold-md fold-lg fold-xl[^"]*"><a class="nav-link" href="\/p7">Contact us/);
    expect(nav).to.match(/<li class="more-sm more-md more-lg more-xl[^"]*"><a class="dropdown-item" href="\/p7">Contact us/);
  });
});

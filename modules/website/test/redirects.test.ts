import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { WriteSignal } from '@platform/http';
import { RedirectTable } from '../server/services/redirect-table';

/**
 * A renamed page leaves a 301 at its old URL (answered before routing, in every language, hits
 * counted in batches); the owner may untick it; no loops, no redirect that hides a page, no open
 * redirect from a publisher.
 */
describe('website: redirects of old URLs', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let admin: RpcClient;
  let publisher: RpcClient;
  let pageId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    await tk.kernel.container.get(UserAccounts).create({ name: 'Pia', login: 'pia@example.com', password: 'pia-pass-1234', groups: ['website.group_website_publisher'] });
    publisher = new RpcClient(tk.url);
    await publisher.authenticate('pia@example.com', 'pia-pass-1234');
    pageId = await tk.sudo().model('website.page').create({ name: 'Our services', url: '/our-services', content: '<p>We fix things</p>', website_published: true });
  });
  after(async () => tk?.stop());

  const get = (path: string) => fetch(`${tk.url}${path}`, { redirect: 'manual' });
  const rename = (url: string, redirect_old?: boolean) => publisher.rpc('/website/page/properties', {
    id: pageId, lang: 'en_US', name: 'Our services', url, in_menu: false, published: true, ...(redirect_old === undefined ? {} : { redirect_old }),
  });
  const redirects = () => tk.sudo().model('website.redirect');

  it('renaming /our-services to /services: the old URL answers 301 to the new one, in every language, with the query', async () => {
    expect((await get('/our-services')).status).to.equal(200);
    expect((await rename('/services')).error).to.equal(undefined);
    const old = await get('/our-services');
    expect(old.status).to.equal(301);
    expect(old.headers.get('location')).to.equal('/services');
    const followed = await fetch(`${tk.url}/our-services`);
    expect(followed.status).to.equal(200);
    expect(followed.url).to.equal(`${tk.url}/services`);
    expect(await followed.text()).to.contain('We fix things');
    const fr = await get('/fr/our-services?utm_source=x');
    expect(fr.status).to.equal(301);
    expect(fr.headers.get('location')).to.equal('/fr/services?utm_source=x');
    const [row] = await redirects().search_read([['url_from', '=', '/our-services']], ['url_to', 'redirect_type']);
    expect(row).to.include({ url_to: '/services', redirect_type: '301' });
  });

  it('counts hits in batches, without emptying the page caches', async () => {
    const table = tk.kernel.container.get(RedirectTable);
    await table.flush();
    const id = Number((await redirects().search([['url_from', '=', '/our-services']]))[0]);
    const hitsBefore = Number((await redirects().read([id], ['hits']))[0].hits);
    const signal = tk.kernel.container.get(WriteSignal);
    const generation = signal.generation();
    for (let i = 0; i < 5; i++) await get('/our-services');
    await table.flush();
    expect(signal.generation()).to.equal(generation);
    expect(Number((await redirects().read([id], ['hits']))[0].hits)).to.equal(hitsBefore + 5);
  });

  it('renaming back takes the URL from its redirect and sends the other one on (no loop, no chain)', async () => {
    expect((await rename('/our-services')).error).to.equal(undefined);
    expect((await get('/our-services')).status).to.equal(200);
    expect((await get('/services')).headers.get('location')).to.equal('/our-services');
    expect(await redirects().search_count([['url_from', '=', '/our-services']])).to.equal(0);
    // Moving again: the redirect that led to the old URL now leads to the newest one.
    expect((await rename('/what-we-do')).error).to.equal(undefined);
    expect((await get('/services')).headers.get('location')).to.equal('/what-we-do');
    expect((await get('/our-services')).headers.get('location')).to.equal('/what-we-do');
  });

  it('the owner may untick the redirect: the old URL is then a 404', async () => {
    expect((await rename('/offer', false)).error).to.equal(undefined);
    expect((await get('/what-we-do')).status).to.equal(404);
    expect((await get('/offer')).status).to.equal(200);
  });

  it('refuses loops, other sites from publishers, and targets that are not paths or http(s) addresses; writes nothing', async () => {
    const count = await redirects().search_count([]);
    const create = (client: RpcClient, vals: Record<string, unknown>) => client.rpc('/web/dataset/call_kw', { model: 'website.redirect', method: 'create', args: [vals], kwargs: {} });
    const loop = await create(admin, { url_from: '/offer-old', url_to: '/services' });
    expect(loop.error).to.equal(undefined);
    const back = await create(admin, { url_from: '/what-we-do', url_to: '/offer-old' });
    expect(back.error?.data.message).to.contain('loop');
    expect((await create(admin, { url_from: '/a', url_to: '/a' })).error?.data.name).to.equal('ValidationError');
    for (const url_to of ['//evil.example', 'javascript:alert(1)', '/\\evil.example', 'ftp://x.example/']) {
      expect((await create(admin, { url_from: '/x', url_to })).error?.data.name, url_to).to.equal('ValidationError');
    }
    expect((await create(publisher, { url_from: '/x', url_to: 'https://elsewhere.example/' })).error?.data.message).to.contain('designers');
    expect((await create(admin, { url_from: 'https://x.example/', url_to: '/offer' })).error?.data.name).to.equal('ValidationError');
    expect(await redirects().search_count([])).to.equal(count + 1);
    // An admin's absolute address is a plain 302 when asked so.
    expect((await create(admin, { url_from: '/partner', url_to: 'https://partner.example/shop', redirect_type: '302' })).error).to.equal(undefined);
    const res = await get('/partner');
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal('https://partner.example/shop');
  });
});

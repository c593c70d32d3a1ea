import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('website: pages at their own URL', () => {
  let tk: TestKernel;
  let admin: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    await tk.kernel.container.get(UserAccounts).create({ name: 'Ed', login: 'ed@example.com', password: 'ed-pass-1234', groups: ['base.group_user'] });
  });
  after(async () => tk?.stop());

  const pages = () => tk.sudo().model('website.page');

  it('serves a page at exactly its URL, in French under /fr', async () => {
    const res = await new RpcClient(tk.url).get('/about-us');
    expect(res.status).to.equal(200);
    expect(await res.text()).to.contain('About us').and.contain('We are a small team');
    const fr = await (await new RpcClient(tk.url).get('/fr/about-us')).text();
    expect(fr).to.contain('À propos').and.contain('Nous sommes une petite équipe');
    expect((await new RpcClient(tk.url).get('/about-us/')).status).to.equal(404);
    expect((await new RpcClient(tk.url).get('/about')).status).to.equal(404);
  });

  it('the page fallback answers GET and HEAD only; other methods and unknown paths get the 404 page', async () => {
    expect((await new RpcClient(tk.url).fetch('/about-us', { method: 'HEAD' })).status).to.equal(200);
    const post = await new RpcClient(tk.url).fetch('/about-us', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(post.status).to.be.oneOf([404, 405]);
    const missing = await new RpcClient(tk.url).get('/no/such/page');
    expect(missing.status).to.equal(404);
    expect(await missing.text()).to.contain('Page not found');
  });

  it('/page/<slug> redirects permanently to the page URL, keeping the language prefix and the query', async () => {
    const res = await new RpcClient(tk.url).get('/page/about-us?x=1');
    expect(res.status).to.equal(301);
    expect(res.headers.get('location')).to.equal('/about-us?x=1');
    const fr = await new RpcClient(tk.url).get('/fr/page/about-us');
    expect(fr.status).to.equal(301);
    expect(fr.headers.get('location')).to.equal('/fr/about-us');
    expect((await new RpcClient(tk.url).get('/page/nothing-here')).status).to.equal(404);
  });

  it('an unpublished page is a 404 for visitors and shown to publishers', async () => {
    const res = await new RpcClient(tk.url).get('/announcement');
    expect(res.status).to.equal(404);
    expect(await res.text()).to.contain('Page not found');
    expect((await new RpcClient(tk.url).get('/page/announcement')).status).to.equal(404);
    expect((await admin.get('/announcement')).status).to.equal(200);
  });

  it('a page never shadows a route: routes answer first, and a taken URL is refused with a clear error', async () => {
    expect((await new RpcClient(tk.url).get('/gallery')).status).to.equal(200);
    for (const url of ['/web', '/web/login', '/gallery', '/website/anything', '/sitemap.xml', '/fr', '/fr/x', '/page/x']) {
      let error: Error | undefined;
      try {
        await pages().create({ name: 'X', url, website_published: true });
      } catch (err) {
        error = err as Error;
      }
      expect(error?.name, url).to.equal('ValidationError');
      expect(error?.message, url).to.match(/taken by the site itself|language code/);
    }
    expect(await pages().search_count([['name', '=', 'X']])).to.equal(0);
  });

  it("a URL starts with '/', holds no odd characters and is unique per site (a page for every site counts on each)", async () => {
    for (const url of ['about', '//evil.example', '/a//b', '/a/', '/a b', '/a?x=1', '/../x', '/é']) {
      const answer = await admin.rpc('/web/dataset/call_kw', { model: 'website.page', method: 'create', args: [{ name: 'Bad', url }], kwargs: {} });
      expect(answer.error?.data.name, url).to.equal('ValidationError');
    }
    const dup = await admin.rpc('/web/dataset/call_kw', { model: 'website.page', method: 'create', args: [{ name: 'Dup', url: '/about-us' }], kwargs: {} });
    expect(dup.error?.data.message).to.contain("Another page already has the URL '/about-us'");
    // A second site may reuse a URL of the first site's own page, but not of a page for every site.
    const other = await tk.sudo().model('website').create({ name: 'Other', domain: 'other.example', default_lang_id: 1, user_id: 1 });
    const mine = await pages().create({ name: 'Team', url: '/team', website_id: 1 });
    const theirs = await pages().create({ name: 'Team', url: '/team', website_id: other });
    expect(theirs).to.be.a('number');
    let error: Error | undefined;
    try {
      await pages().create({ name: 'Everywhere', url: '/team' });
    } catch (err) {
      error = err as Error;
    }
    expect(error?.message).to.contain('Another page already has the URL');
    await pages().unlink([mine, theirs]);
  });

  it('the home page is the page whose URL is /, when there is one', async () => {
    // Every site has one from the data (`website.page_home`); a second page at '/' is refused.
    const [id] = await pages().search([['url', '=', '/']]);
    await pages().write([id], { content: '<p>Our home page, made of blocks.</p>', website_published: true });
    const html = await (await new RpcClient(tk.url).get('/')).text();
    expect(html).to.contain('Our home page, made of blocks.');
    let refused: unknown;
    await pages().create({ name: 'Another home', url: '/' }).catch((e: unknown) => { refused = e; });
    expect(String(refused)).to.contain("already has the URL '/'");
  });

  it('links to pages (sitemap, menu) use their URL', async () => {
    const xml = await (await new RpcClient(tk.url).get('/sitemap.xml')).text();
    expect(xml).to.contain(`${tk.url}/about-us</loc>`).and.contain(`${tk.url}/fr/about-us</loc>`);
    const html = await (await new RpcClient(tk.url).get('/gallery')).text();
    expect(html).to.contain('href="/about-us"');
    const fr = await (await new RpcClient(tk.url).get('/fr/gallery')).text();
    expect(fr).to.match(/href="\/fr\/about-us">À propos</);
  });
});

import path from 'node:path';
import { expect } from 'chai';
import { SiteService } from '@platform/http';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { placeholderOptions } from '../server/services/dynamic-block-renderer';
import { latestPagesLimit } from '../server/contributions/latest-pages-block';
import { BLOCK_CATALOG } from '../web/blocks/block-catalog';

describe('website: the home page of blocks and dynamic blocks', function () {
  this.timeout(30_000);
  let tk: TestKernel;
  let siteId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['block_echo'], roots: [path.join(__dirname, 'fixtures')], http: true, demo: true });
    siteId = (await tk.kernel.container.get(SiteService).all())[0].id;
    await tk.kernel.container.get(SiteService).enable(siteId, ['block_echo'], new Set(tk.kernel.modules.map((m) => m.manifest.name)));
  });
  after(async () => tk?.stop());

  /** A published page whose content is `html` (written through the ORM, so sanitised). */
  async function pageWith(url: string, html: string): Promise<string> {
    await tk.sudo().model('website.page').create({ name: `Test ${url}`, url, content: html, website_published: true });
    const res = await new RpcClient(tk.url).get(url);
    expect(res.status).to.equal(200);
    return res.text();
  }

  it("serves '/' from the website.page whose url is '/': hero, features and latest pages, no script for a visitor", async () => {
    const res = await new RpcClient(tk.url).get('/');
    const html = await res.text();
    expect(res.status).to.equal(200);
    expect(html).to.contain('class="site-hero mb-5"').and.contain('src="/website/static/theme/hero.webp"');
    expect(html).to.contain('A website you will enjoy running').and.contain('Why people choose us');
    expect(html).to.match(/data-dynamic-block="website.latest_pages"[^>]*>.*href="\/about-us"/s);
    expect(html).not.to.contain('href="/page/announcement"'); // a draft is not among the latest pages
    expect(html).not.to.match(/<script/i);
    const [home] = await tk.sudo().model('website.page').search_read([['url', '=', '/']], ['content']);
    expect(String(home.content)).to.contain('<section data-dynamic-block="website.latest_pages" data-limit="3"></section>');
  });

  it('the sitemap lists the home page once, as /', async () => {
    const xml = await (await new RpcClient(tk.url).get('/sitemap.xml')).text();
    expect(xml).to.contain(`<loc>${tk.url}/</loc>`);
    expect(xml).not.to.contain('/page/<');
  });

  it('serves the home page in French under /fr', async () => {
    const html = await (await new RpcClient(tk.url).get('/fr/')).text();
    expect(html).to.contain('Un site que vous aurez plaisir à faire vivre').and.contain('Dernières pages').and.contain('href="/fr/about-us"');
  });

  it('the hero picture is served', async () => {
    const res = await new RpcClient(tk.url).get('/website/static/theme/hero.webp');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/webp');
    expect((await new RpcClient(tk.url).get('/website/static/theme/..%2Fgallery%2Fcity-night.jpg')).status).to.equal(404);
  });

  it('leaves the placeholder of an unknown block empty', async () => {
    const html = await pageWith('/unknown-block', '<p>Before</p><section data-dynamic-block="nobody.nothing" data-limit="2"><p>stale</p></section><p>After</p>');
    expect(html).to.contain('<p>Before</p><section data-dynamic-block="nobody.nothing" data-limit="2"></section><p>After</p>');
  });

  it('renders a block only where its module is enabled', async () => {
    const content = '<section data-dynamic-block="block_echo.echo" data-color="blue"></section>';
    expect(await pageWith('/echo', content)).to.contain('<p class="echo-block">{&quot;color&quot;:&quot;blue&quot;}</p>');
    const sites = tk.kernel.container.get(SiteService);
    await sites.disable(siteId, ['block_echo']);
    try {
      const html = await (await new RpcClient(tk.url).get('/echo')).text();
      expect(html).to.contain('<section data-dynamic-block="block_echo.echo" data-color="blue"></section>');
      expect(html).not.to.contain('echo-block');
    } finally {
      await sites.enable(siteId, ['block_echo'], new Set(tk.kernel.modules.map((m) => m.manifest.name)));
    }
  });

  it('bad options fall back to the defaults', async () => {
    const cards = (html: string) => (html.match(/class="card h-100 shadow-sm"/g) ?? []).length;
    for (const [i, limit] of ['abc', '999', '-1', '0', '1e1', ''].entries()) {
      await tk.sudo().model('website.page').create({ name: `Filler ${i}`, url: `/filler-${i}`, content: '<p>x</p>', website_published: true });
      const html = await pageWith(`/latest-${i}`, `<section data-dynamic-block="website.latest_pages" data-limit="${limit}"></section>`);
      expect(cards(html), `data-limit="${limit}"`).to.equal(3);
    }
    expect(cards(await pageWith('/latest-one', '<section data-dynamic-block="website.latest_pages" data-limit="1"></section>'))).to.equal(1);
    expect(latestPagesLimit({ limit: '12' })).to.equal(12);
    expect(latestPagesLimit({ limit: '13' })).to.equal(3);
  });

  it('options are data: markup in them reaches the block as text and the page as escaped text', async () => {
    const html = await pageWith('/xss', '<section data-dynamic-block="block_echo.echo" data-x="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" data-y="<img src=x onerror=alert(1)>" onclick="alert(2)"></section>');
    expect(html).not.to.match(/<script>alert|<img src=x|onerror=alert\(1\)>|onclick/);
    expect(html).to.contain('echo-block');
    expect(html).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('a block that fails renders nothing and the rest of the page still renders', async () => {
    const html = await pageWith('/broken', '<section data-dynamic-block="block_echo.broken"></section><section data-dynamic-block="block_echo.echo" data-n="2"></section>');
    expect(html).to.contain('<section data-dynamic-block="block_echo.broken"></section>');
    expect(html).to.contain('{&quot;n&quot;:&quot;2&quot;}');
  });

  it('reads options from data-* attributes only, decoded, without the block id', () => {
    expect(placeholderOptions('<section data-dynamic-block="a.b" data-limit="3" class="x" data-title="Tom &amp; Jerry &quot;TV&quot;">'))
      .to.deep.equal({ limit: '3', title: 'Tom & Jerry "TV"' });
  });

  it('every block of the catalog survives the html sanitiser unchanged', async () => {
    for (const block of BLOCK_CATALOG) {
      const html = block.html((s) => s);
      const id = await tk.sudo().model('website.page').create({ name: block.id, url: `/catalog-${block.id}`, content: html });
      const [row] = await tk.sudo().model('website.page').read([id], ['content']);
      expect(row.content, block.id).to.equal(html);
    }
  });
});

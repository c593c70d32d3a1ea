import { expect } from 'chai';
import sharp from 'sharp';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
const jpegWithGps = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 90, b: 200 } } })
  .jpeg().withExif({ IFD0: { Copyright: 'Secret Studio' } }).toBuffer();

describe('website: edit mode, page editor calls, uploads, menu', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  let publisher: RpcClient;
  let employee: RpcClient;
  let portal: RpcClient;
  let aboutId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Pia Publisher', login: 'pia@example.com', password: 'pia-pass-1234', groups: ['website.group_website_publisher'] });
    await accounts.create({ name: 'Ed Employee', login: 'ed@example.com', password: 'ed-pass-1234', groups: ['base.group_user'] });
    await accounts.create({ name: 'Paula Portal', login: 'paula@example.com', password: 'paula-pass-123' });
    publisher = new RpcClient(tk.url);
    await publisher.authenticate('pia@example.com', 'pia-pass-1234');
    employee = new RpcClient(tk.url);
    await employee.authenticate('ed@example.com', 'ed-pass-1234');
    portal = new RpcClient(tk.url);
    await portal.authenticate('paula@example.com', 'paula-pass-123');
    aboutId = (await tk.sudo().model('website.page').search([['url', '=', '/about-us']]))[0];
  });
  after(async () => tk?.stop());

  const read = async (id: number, lang = 'en_US') => (await tk.sudo().withLang(lang).model('website.page').read([id], ['name', 'content', 'url', 'website_published']))[0];

  describe('edit mode', () => {
    it('publishers get an Edit link; with ?enable_editor=1 the editor island, marked on <body>', async () => {
      const page = await (await publisher.get('/about-us')).text();
      expect(page).to.contain('href="/about-us?enable_editor=1"').and.not.contain('website.page_editor');
      const editing = await (await publisher.get('/about-us?enable_editor=1')).text();
      expect(editing).to.contain('data-island="website.page_editor"').and.contain('data-edit-mode="1"');
      const french = await (await publisher.get('/fr/about-us')).text();
      expect(french).to.contain('href="/fr/about-us?edit_translations=1"').and.contain('Traduire');
    });

    it('visitors, portal users and employees get the page without editor, Edit link or editor code', async () => {
      for (const client of [new RpcClient(tk.url), portal, employee]) {
        const html = await (await client.get('/about-us?enable_editor=1')).text();
        expect(html).not.to.contain('page_editor').and.not.contain('enable_editor=1').and.not.contain('data-edit-mode');
      }
    });

    it('the editor chunk holds tiptap, and the entry a visitor could load does not', async () => {
      const editing = await (await publisher.get('/about-us?enable_editor=1')).text();
      const entry = /<script type="module" src="([^"]+)"/.exec(editing)![1];
      const entryCode = await (await publisher.get(entry)).text();
      expect(entryCode).not.to.contain('ProseMirror');
      // The entry names each island's chunk (by its /web/assets/ URL); the editor's is the one carrying ProseMirror.
      const chunks = [...entryCode.matchAll(/"(?:\.\/|\/web\/assets\/)(chunk-[\w-]+\.js)"/g)].map((m) => m[1]);
      const sizes = await Promise.all(chunks.map(async (c) => [c, await (await publisher.get(`/web/assets/${c}`)).text()] as const));
      expect(sizes.some(([, code]) => code.includes('ProseMirror'))).to.equal(true);
    });
  });

  describe('/website/page/save', () => {
    it('saves sanitised HTML: scripts, handlers and javascript: links go; blocks and dynamic placeholders stay', async () => {
      const content = '<section class="container py-5"><div class="row"><div class="col-md-6"><h2 class="display-5">Hi</h2>'
        + '<p class="lead" onclick="alert(1)">Text<script>alert(2)</script></p><img src="/web/image/ir.attachment/1/datas" alt="A" class="img-fluid" onerror="alert(3)">'
        + '<a class="btn btn-primary" href="javascript:alert(4)">Go</a></div></div></section>'
        + '<section data-dynamic-block="website.latest_pages" data-limit="3" data-island="website.publish_toggle" data-props="{}"></section>'
        + '<iframe src="https://evil.example/x"></iframe><div id="web-context">{}</div>';
      const answer = await publisher.call<{ content: string }>('/website/page/save', { id: aboutId, lang: 'en_US', content });
      const saved = String((await read(aboutId)).content);
      expect(answer.content).to.equal(saved);
      expect(saved).to.contain('<section class="container py-5"><div class="row"><div class="col-md-6"><h2 class="display-5">Hi</h2>');
      expect(saved).to.contain('<p class="lead">Text</p>').and.contain('class="img-fluid"').and.contain('class="btn btn-primary"');
      expect(saved).to.contain('<section data-dynamic-block="website.latest_pages" data-limit="3"></section>');
      expect(saved).not.to.match(/onclick|onerror|<script|javascript:|data-island|data-props|evil\.example|id="web-context"/);
      const visitorHtml = await (await new RpcClient(tk.url).get('/about-us')).text();
      expect(visitorHtml).to.contain('<p class="lead">Text</p>').and.not.contain('alert(');
    });

    it('the layout is saved in the main language only: another language translates its texts', async () => {
      await publisher.call('/website/page/save', { id: aboutId, lang: 'en_US', content: '<p>English text</p>' });
      const refused = await publisher.rpc('/website/page/save', { id: aboutId, lang: 'fr_FR', content: '<p>Texte français</p>' });
      expect(refused.error?.data.name).to.equal('ValidationError');
      expect((await read(aboutId, 'fr_FR')).content).to.equal('<p>English text</p>');
    });

    it('refuses non-publishers, visitors, unknown languages and oversized or malformed params, writing nothing', async () => {
      const before = (await read(aboutId)).content;
      for (const client of [employee, portal]) {
        expect((await client.rpc('/website/page/save', { id: aboutId, lang: 'en_US', content: '<p>x</p>' })).error?.data.name).to.equal('AccessError');
      }
      expect((await new RpcClient(tk.url).rpc('/website/page/save', { id: aboutId, lang: 'en_US', content: 'x' })).error?.code).to.equal(100);
      expect((await publisher.rpc('/website/page/save', { id: aboutId, lang: 'de_DE', content: 'x' })).error?.data.name).to.equal('ValidationError');
      expect((await publisher.rpc('/website/page/save', { id: aboutId, lang: 'en_US', content: 'x'.repeat(900_001) })).error?.data.name).to.equal('ValidationError');
      expect((await publisher.rpc('/website/page/save', { id: 999999, lang: 'en_US', content: 'x' })).error?.data.name).to.equal('MissingError');
      expect((await read(aboutId)).content).to.equal(before);
    });
  });

  describe('page properties, new pages, menu', () => {
    it('changes title, URL, SEO texts, menu entry and publication in one call; a bad URL changes nothing', async () => {
      const id = await tk.sudo().model('website.page').create({ name: 'Draft', url: '/draft-page', website_id: 1 });
      const result = await publisher.call<{ url: string }>('/website/page/properties', {
        id, lang: 'en_US', name: 'Our services', url: '/services', seo_title: 'Services', seo_description: 'What we do', in_menu: true, published: true,
      });
      expect(result.url).to.equal('/services');
      const page = await (await new RpcClient(tk.url).get('/services')).text();
      expect(page).to.contain('<title>Services | My Website</title>').and.contain('content="What we do"').and.match(/href="\/services"[^>]*>Our services<\/a>/);
      const bad = await publisher.rpc('/website/page/properties', { id, lang: 'en_US', name: 'Renamed', url: '/web', in_menu: false, published: false });
      expect(bad.error?.data.name).to.equal('ValidationError');
      expect(bad.error?.data.message).to.contain('taken by the site itself');
      const after = await read(id);
      expect([after.name, after.url, after.website_published]).to.deep.equal(['Our services', '/services', true]);
      expect(await tk.sudo().model('website.menu').search_count([['page_id', '=', id]])).to.equal(1);
      await publisher.call('/website/page/properties', { id, lang: 'en_US', name: 'Our services', url: '/services', in_menu: false, published: true });
      expect(await tk.sudo().model('website.menu').search_count([['page_id', '=', id]])).to.equal(0);
    });

    it('creates a page with a URL proposed from its title and made unique, as a draft of this site', async () => {
      const first = await publisher.call<{ id: number; url: string }>('/website/page/create', { name: 'Qui sommes-nous ?', lang: 'fr_FR', in_menu: true });
      const second = await publisher.call<{ id: number; url: string }>('/website/page/create', { name: 'Qui sommes nous', lang: 'fr_FR' });
      expect([first.url, second.url]).to.deep.equal(['/qui-sommes-nous', '/qui-sommes-nous-2']);
      const [page] = await tk.sudo().model('website.page').read([first.id], ['website_published', 'website_id']);
      expect(page.website_published).to.equal(false);
      expect((page.website_id as [number, string])[0]).to.equal(1);
      expect((await new RpcClient(tk.url).get('/qui-sommes-nous')).status).to.equal(404);
      // A draft's menu entry is not shown to visitors.
      expect(await (await new RpcClient(tk.url).get('/')).text()).not.to.contain('/qui-sommes-nous');
      expect((await publisher.rpc('/website/page/create', { name: 'X', url: '/web/x', lang: 'en_US' })).error?.data.message).to.contain('taken');
      expect((await publisher.rpc('/website/page/create', { name: '   ', lang: 'en_US' })).error?.data.name).to.equal('ValidationError');
      expect((await employee.rpc('/website/page/create', { name: 'Mine', lang: 'en_US' })).error?.data.name).to.equal('AccessError');
    });

    it('designers delete pages (their menu entry goes too); publishers cannot', async () => {
      const { id } = await publisher.call<{ id: number }>('/website/page/create', { name: 'Short lived', lang: 'en_US', in_menu: true });
      expect((await publisher.rpc('/website/page/delete', { id })).error?.data.name).to.equal('AccessError');
      expect(await (await publisher.get('/short-lived?enable_editor=1')).text()).to.contain('&quot;canDelete&quot;:false');
      expect(await (await admin.get('/short-lived?enable_editor=1')).text()).to.contain('&quot;canDelete&quot;:true');
      expect(await admin.call('/website/page/delete', { id })).to.equal(true);
      expect(await tk.sudo().model('website.page').search_count([['id', '=', id]])).to.equal(0);
      expect(await tk.sudo().model('website.menu').search_count([['page_id', '=', id]])).to.equal(0);
    });

    it('reorders the menu; menu entries refuse javascript: URLs; visitors cannot write them', async () => {
      const menus = tk.sudo().model('website.menu');
      const a = await menus.create({ name: 'Alpha', url: '/alpha-link', sequence: 100, website_id: 1 });
      const b = await menus.create({ name: 'Beta', url: 'https://example.com/beta', sequence: 110, website_id: 1 });
      await publisher.call('/website/menu/reorder', { ids: [b, a] });
      const html = await (await new RpcClient(tk.url).get('/')).text();
      expect(html.indexOf('>Beta<')).to.be.greaterThan(0).and.lessThan(html.indexOf('>Alpha<'));
      for (const url of ['javascript:alert(1)', '//evil.example', '/\\evil']) {
        let error: Error | undefined;
        try { await menus.create({ name: 'Bad', url }); } catch (err) { error = err as Error; }
        expect(error?.name, url).to.equal('ValidationError');
      }
      expect((await publisher.rpc('/website/menu/reorder', { ids: [a, 999999] })).error?.data.name).to.equal('ValidationError');
      expect((await employee.rpc('/website/menu/reorder', { ids: [a, b] })).error?.data.name).to.equal('AccessError');
      const write = await new RpcClient(tk.url).rpc('/web/dataset/call_kw', { model: 'website.menu', method: 'write', args: [[a], { name: 'Hacked' }], kwargs: {} });
      expect(write.error?.data.name).to.equal('AccessError');
      await menus.unlink([a, b]);
    });
  });

  describe('image upload (ir.attachment)', () => {
    const upload = (client: RpcClient, bytes: Buffer, name = 'photo.png') =>
      client.rpc<{ id: number; src: string; mimetype: string }>('/website/image/upload', { name, data: bytes.toString('base64'), res_model: 'website.page', res_id: aboutId });

    it('stores a PNG as a public attachment of the page, served at /web/image with sizes and an ETag', async () => {
      const answer = await upload(publisher, await png(800, 600));
      expect(answer.result!.src).to.equal(`/web/image/ir.attachment/${answer.result!.id}/datas`);
      const [att] = await tk.sudo().model('ir.attachment').read([answer.result!.id], ['name', 'mimetype', 'file_size', 'checksum', 'public', 'res_model', 'res_id']);
      expect(att).to.include({ name: 'photo.png', mimetype: 'image/png', public: true, res_model: 'website.page', res_id: aboutId });
      expect(att.checksum).to.match(/^[0-9a-f]{64}$/);
      const res = await new RpcClient(tk.url).get(answer.result!.src);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/png');
      expect(res.headers.get('etag')).to.match(/^"/);
      expect(Number(att.file_size)).to.equal(Buffer.from(await res.arrayBuffer()).length);
      const small = await sharp(Buffer.from(await (await new RpcClient(tk.url).get(`${answer.result!.src}?size=image_small`)).arrayBuffer())).metadata();
      expect([small.width, small.height]).to.deep.equal([64, 48]);
    });

    it('re-encodes JPEGs without their metadata', async () => {
      const original = await jpegWithGps(300, 200);
      expect((await sharp(original).metadata()).exif).to.not.equal(undefined);
      const answer = await upload(publisher, original, 'shot.jpg');
      const served = Buffer.from(await (await new RpcClient(tk.url).get(answer.result!.src)).arrayBuffer());
      expect((await sharp(served).metadata()).exif).to.equal(undefined);
      expect(served.includes(Buffer.from('Secret Studio'))).to.equal(false);
    });

    it('refuses SVG, other types, lying names, broken and oversized images, storing nothing', async () => {
      const count = await tk.sudo().model('ir.attachment').search_count([]);
      const svg = await upload(publisher, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg');
      expect(svg.error?.data.message).to.contain('SVG images are not accepted');
      const pdf = await upload(publisher, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), 'doc.png');
      expect(pdf.error?.data.message).to.contain('Only PNG, JPEG, GIF and WebP');
      const html = await upload(publisher, Buffer.from('<html><script>alert(1)</script></html>'), 'page.jpg');
      expect(html.error?.data.name).to.equal('ValidationError');
      const png8 = await png(10, 10);
      const truncated = await upload(publisher, png8.subarray(0, 40), 'broken.png');
      expect(truncated.error?.data.message).to.match(/not a readable image|Only PNG/);
      const big = Buffer.concat([png8, Buffer.alloc(10 * 1024 * 1024)]);
      expect((await upload(publisher, big, 'big.png')).error?.data.message).to.match(/too large/);
      const notBase64 = await publisher.rpc('/website/image/upload', { name: 'x.png', data: '<<<not base64>>>' });
      expect(notBase64.error?.data.name).to.equal('ValidationError');
      expect(await tk.sudo().model('ir.attachment').search_count([])).to.equal(count);
    });

    it('only publishers upload; visitors read public attachments only', async () => {
      for (const client of [employee, portal]) expect((await upload(client, await png(4, 4))).error?.data.name).to.equal('AccessError');
      expect((await upload(new RpcClient(tk.url), await png(4, 4))).error?.code).to.equal(100);
      const secret = await tk.sudo().model('ir.attachment').create({ name: 'private.png', public: false });
      await tk.sudo().model('ir.attachment').write([secret], { datas: (await png(4, 4)).toString('base64') });
      expect((await new RpcClient(tk.url).get(`/web/image/ir.attachment/${secret}/datas`)).status).to.equal(403);
      expect((await employee.get(`/web/image/ir.attachment/${secret}/datas`)).status).to.equal(403);
      expect((await admin.get(`/web/image/ir.attachment/${secret}/datas`)).status).to.equal(200);
      const forged = await publisher.rpc('/web/dataset/call_kw', { model: 'ir.attachment', method: 'create', args: [{ name: 'x', mimetype: 'image/png', datas: 'AAAA' }], kwargs: {} });
      expect(forged.error?.data.name).to.equal('ValidationError');
    });

    it('uploads are rate-limited (60 per 10 minutes)', async () => {
      const tiny = await png(2, 2);
      let refused: { code: number; data: { name: string } } | undefined;
      for (let i = 0; i < 65 && !refused; i++) refused = (await upload(publisher, tiny)).error;
      expect(refused?.code).to.equal(429);
    });
  });
});

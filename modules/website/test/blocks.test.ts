import { expect } from 'chai';
import sharp from 'sharp';
import { UserAccounts } from '@platform/base';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 120, b: 60 } } }).png().toBuffer();

describe('website: blocks as blocks (page history, media library, theme)', function () {
  // Booting with demo data on a busy machine can pass the default 20 s.
  this.timeout(60_000);
  let tk: TestKernel;
  let designer: RpcClient;
  let publisher: RpcClient;
  let pageId: number;
  let otherPageId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Dee Designer', login: 'dee@example.com', password: 'dee-pass-1234', groups: ['website.group_website_designer'] });
    await accounts.create({ name: 'Pia Publisher', login: 'pia@example.com', password: 'pia-pass-1234', groups: ['website.group_website_publisher'] });
    designer = new RpcClient(tk.url);
    await designer.authenticate('dee@example.com', 'dee-pass-1234');
    publisher = new RpcClient(tk.url);
    await publisher.authenticate('pia@example.com', 'pia-pass-1234');
    pageId = (await tk.sudo().model('website.page').search([['url', '=', '/about-us']]))[0];
    otherPageId = await tk.sudo().model('website.page').create({ name: 'Other', url: '/other-page', content: '<p>other</p>', website_published: true });
  });
  after(async () => tk?.stop());

  const versions = () => tk.sudo().model('website.page.version').search_read([['page_id', '=', pageId]], ['content', 'create_uid', 'restored_from_id'], { order: 'id desc' });
  const save = (client: RpcClient, n: number) => client.call('/website/page/save', { id: pageId, lang: 'en_US', content: `<section class="block-cta"><p>Version ${n}</p></section>` });

  describe('page history', () => {
    it('each save records the stored (sanitised) content; only the last 20 are kept', async () => {
      await publisher.call('/website/page/save', { id: pageId, lang: 'en_US', content: '<section class="block-cta" style="background-image:url(\'https://evil.example/x.png\')"><p onclick="x()">Version 0</p></section>' });
      const [first] = await versions();
      expect(String(first.content)).to.contain('Version 0').and.not.to.match(/onclick|evil/);
      expect((first.create_uid as [number, string])[1]).to.equal('Pia Publisher');
      for (let n = 1; n <= 21; n++) await save(n % 2 ? publisher : designer, n);
      const kept = await versions();
      expect(kept).to.have.length(20);
      expect(String(kept[0].content)).to.contain('Version 21');
      expect(String(kept[19].content)).to.contain('Version 2<');
    });

    it('designers list the versions (date, author, newest first); publishers and others are refused', async () => {
      const list = await designer.call<Array<{ id: number; date: string; author: string; current: boolean }>>('/website/page/history', { id: pageId });
      expect(list).to.have.length(20);
      expect(list[0].current).to.equal(true);
      expect(list[0].author).to.equal('Pia Publisher');
      expect(list[1].author).to.equal('Dee Designer');
      expect(list[0].date).to.match(/^\d{4}-\d\d-\d\d/);
      expect((await publisher.rpc('/website/page/history', { id: pageId })).error?.data.name).to.equal('AccessError');
      expect((await new RpcClient(tk.url).rpc('/website/page/history', { id: pageId })).error?.code).to.equal(100);
      // Versions are never written through the ORM, even by designers.
      expect((await designer.rpc('/web/dataset/call_kw', { model: 'website.page.version', method: 'create', args: [{ page_id: pageId, content: '<script>x</script>' }], kwargs: {} })).error?.data.name).to.equal('AccessError');
      expect((await designer.rpc('/website/page/history', { id: 'x' })).error?.data.name).to.equal('ValidationError');
    });

    it('restore: designers only, the version of this page only; it writes the content back as a new version', async () => {
      const before = await versions();
      const target = before[5];
      const content = async () => String((await tk.sudo().db('website_page').where({ id: pageId }).first('content')).content);
      const current = await content();
      expect((await publisher.rpc('/website/page/restore', { id: pageId, version_id: target.id })).error?.data.name).to.equal('AccessError');
      expect((await designer.rpc('/website/page/restore', { id: otherPageId, version_id: target.id })).error?.data.name).to.equal('MissingError');
      expect((await designer.rpc('/website/page/restore', { id: pageId, version_id: 99999999 })).error?.data.name).to.equal('MissingError');
      expect(await content()).to.equal(current);
      expect((await versions()).map((v) => v.id)).to.deep.equal(before.map((v) => v.id));

      await designer.call('/website/page/restore', { id: pageId, version_id: target.id });
      expect(await content()).to.equal(String(target.content));
      const after = await versions();
      expect(after).to.have.length(20);
      expect(after[0].restored_from_id).to.equal(target.id);
      expect(after[0].content).to.equal(target.content);
      expect(await (await new RpcClient(tk.url).get('/about-us')).text()).to.contain(/<p>(Version \d+)<\/p>/.exec(String(target.content))![1]);
    });

    it('deleting a page deletes its versions', async () => {
      await designer.call('/website/page/save', { id: otherPageId, lang: 'en_US', content: '<p>o</p>' });
      await tk.sudo().model('website.page').unlink([otherPageId]);
      expect(await tk.sudo().model('website.page.version').search_count([['page_id', '=', otherPageId]])).to.equal(0);
    });
  });

  describe('media library', () => {
    const upload = (bytes: Buffer, name: string) => publisher.rpc<{ id: number }>('/website/image/upload', { name, data: bytes.toString('base64'), res_model: 'website.page', res_id: pageId });
    let ids: number[] = [];

    it('lists the site\'s uploaded images newest first, with thumbnails, searched by name', async () => {
      ids = [(await upload(await png(40, 30), 'team-photo.png')).result!.id, (await upload(await png(30, 40), 'office.png')).result!.id];
      const all = await publisher.call<{ items: Array<{ id: number; name: string; thumb: string }>; total: number }>('/website/media/list', {});
      expect(all.items.slice(0, 2).map((i) => i.id)).to.deep.equal([ids[1], ids[0]]);
      expect(all.items[0].thumb).to.equal(`/web/image/ir.attachment/${ids[1]}/datas?size=image_medium`);
      const found = await publisher.call<{ items: Array<{ name: string }>; total: number }>('/website/media/list', { search: 'TEAM' });
      expect(found.items.map((i) => i.name)).to.deep.equal(['team-photo.png']);
      expect(found.total).to.equal(1);
      const thumb = await publisher.get(all.items[0].thumb);
      expect(thumb.status).to.equal(200);
      expect(thumb.headers.get('content-type')).to.equal('image/png');
    });

    it('bad uploads are refused with a clear message and never reach the library; others cannot list it', async () => {
      const count = await tk.sudo().model('ir.attachment').search_count([]);
      const bad: Array<[Buffer, string, RegExp]> = [
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'evil.png', /SVG/],
        [Buffer.from('just some text, not a picture at all'), 'text.png', /Only PNG, JPEG, GIF and WebP/],
        [(await png(40, 30)).subarray(0, 60), 'cut.png', /not a readable image/],
        [await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer(), 'huge.png', /too many pixels/],
      ];
      for (const [bytes, name, message] of bad) {
        const answer = await upload(bytes, name);
        expect(answer.error?.data.name, name).to.equal('ValidationError');
        expect(answer.error?.data.message, name).to.match(message);
      }
      expect((await publisher.rpc('/website/image/upload', { name: 'x.png', data: 'not base64 !', res_model: 'website.page', res_id: pageId })).error?.data.name).to.equal('ValidationError');
      expect(await tk.sudo().model('ir.attachment').search_count([])).to.equal(count);
      expect((await publisher.call<{ items: Array<{ name: string }> }>('/website/media/list', { search: 'huge' })).items).to.have.length(0);
      expect((await new RpcClient(tk.url).rpc('/website/media/list', {})).error?.code).to.equal(100);
      expect((await publisher.rpc('/website/media/list', { offset: -1 })).error?.data.name).to.equal('ValidationError');
    });

    it('a block\'s background picture is kept for the site\'s images only', async () => {
      const html = `<section class="block-cta block-bg block-bg-image" style="background-image:url('/web/image/ir.attachment/${ids[0]}/datas')"><p>A</p></section>`
        + '<section style="background-image:url(\'https://evil.example/t.png\')"><p>B</p></section><div style="background-image:url(\'/web/image/ir.attachment/1/datas\')"><p>C</p></div>';
      const { content } = await publisher.call<{ content: string }>('/website/page/save', { id: pageId, lang: 'en_US', content: html });
      expect(content).to.contain(`style="background-image:url('/web/image/ir.attachment/${ids[0]}/datas')"`);
      expect(content).not.to.contain('evil.example');
      expect(content).to.contain('<div><p>C</p></div>');
    });
  });

  describe('theme settings', () => {
    it('designers set the primary colour and font; public pages carry them as CSS variables at once', async () => {
      expect((await publisher.rpc('/website/theme/save', { primary_color: '#aa3300', font: 'serif' })).error?.data.name).to.equal('AccessError');
      for (const params of [{ primary_color: 'red', font: 'serif' }, { primary_color: '#aa3300', font: 'comic' }, { primary_color: '#aa3300;}body{x', font: 'serif' }]) {
        expect((await designer.rpc('/website/theme/save', params)).error?.data.name).to.equal('ValidationError');
      }
      const visitor = new RpcClient(tk.url);
      expect(await (await visitor.get('/about-us')).text()).not.to.contain('--bs-primary:');
      await designer.call('/website/theme/save', { primary_color: '#AA3300', font: 'serif' });
      const html = await (await visitor.get('/about-us')).text();
      expect(html).to.contain('--bs-primary:#aa3300;--bs-primary-rgb:170, 51, 0').and.contain('--bs-body-font-family:Georgia');
      expect(html.indexOf('id="site-theme"')).to.be.greaterThan(html.indexOf('rel="stylesheet"'));
      // Through call_kw too, the website model keeps to the rule.
      expect((await tk.sudo().model('website').write([1], { theme_primary_color: 'url(x)' }).catch((e: Error) => e)) instanceof Error).to.equal(true);
    });

    it('favicon: checked from its bytes, served and linked; bad files refused with nothing written', async () => {
      const site = async () => (await tk.sudo().model('website').read([1], ['theme_favicon']))[0].theme_favicon;
      const svg = await designer.rpc('/website/theme/save', { primary_color: '#aa3300', font: 'serif', favicon: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64') });
      expect(svg.error?.data.message).to.contain('favicon must be');
      const big = await designer.rpc('/website/theme/save', { primary_color: '#aa3300', font: 'serif', favicon: (await png(2000, 2000)).toString('base64') });
      expect(big.error?.data.message).to.contain('1024 pixels');
      expect(await site()).to.equal(false);
      await designer.call('/website/theme/save', { primary_color: '#aa3300', font: 'serif', favicon: (await png(64, 64)).toString('base64') });
      const html = await (await new RpcClient(tk.url).get('/')).text();
      const href = /<link rel="icon" href="(\/web\/image\/website\/\d+\/theme_favicon[^"]*)"/.exec(html)?.[1];
      expect(href).to.be.a('string');
      const icon = await new RpcClient(tk.url).get(href!.replace(/&amp;/g, '&'));
      expect(icon.status).to.equal(200);
      await designer.call('/website/theme/save', { primary_color: '#aa3300', font: 'serif', favicon: '' });
      expect(await (await new RpcClient(tk.url).get('/')).text()).not.to.contain('theme_favicon');
    });
  });
});

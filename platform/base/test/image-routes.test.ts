import http from 'node:http';
import { expect } from 'chai';
import sharp from 'sharp';
import { UserAccounts } from '../server/services/user-accounts';
import { ImageVariants, sniffImageType } from '@platform/web/image-variants';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } }).png().toBuffer();
const jpeg = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 90, b: 200 } } }).jpeg().toBuffer();

describe('base: /web/image/<model>/<id>/<field>', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  let portal: RpcClient;
  let visitor: RpcClient;
  let photo: Buffer;
  let withImage: number;
  let portalPartner: number;
  let noImage: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['base'], http: true });
    photo = await png(600, 400);
    const partners = tk.sudo().model('res.partner');
    withImage = await partners.create({ name: 'Pictured', image: photo.toString('base64') }) as number;
    noImage = await partners.create({ name: 'Faceless' }) as number;
    const uid = await tk.kernel.container.get(UserAccounts).create({ name: 'Portal Pat', login: 'pat', password: 'password-123', groups: ['base.group_portal'] });
    const [user] = await tk.sudo().model('res.users').read([uid], ['partner_id']);
    portalPartner = (user.partner_id as [number, string])[0];
    await partners.write([portalPartner], { image: (await jpeg(300, 300)).toString('base64') });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    portal = new RpcClient(tk.url);
    await portal.authenticate('pat', 'password-123');
    visitor = new RpcClient(tk.url);
  });
  after(async () => tk?.stop());

  /** fetch() turns If-None-Match into a no-cache request (fetch spec), so conditional GETs use node:http. */
  const conditionalGet = (client: RpcClient, path: string, etag: string) => new Promise<{ status: number; etag: string | undefined }>((resolve, reject) => {
    http.get(client.baseUrl + path, { headers: { 'If-None-Match': etag, Cookie: client.cookie } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode!, etag: res.headers.etag });
    }).on('error', reject);
  });
  const size = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();

  it('serves the stored bytes with their sniffed type, an ETag and cache headers', async () => {
    const res = await admin.get(`/web/image/res.partner/${withImage}/image`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/png');
    expect(res.headers.get('etag')).to.match(/^"[\w-]{27}"$/);
    expect(res.headers.get('cache-control')).to.contain('private').and.contain('max-age=');
    expect(Buffer.from(await res.arrayBuffer()).equals(photo)).to.equal(true);
  });

  it('makes image_medium (256px) and image_small (64px), by field name or ?size=', async () => {
    const medium = await size(await admin.get(`/web/image/res.partner/${withImage}/image_medium`));
    expect([medium.width, medium.height]).to.deep.equal([256, 171]);
    const small = await size(await admin.get(`/web/image/res.partner/${withImage}/image_small`));
    expect([small.width, small.height]).to.deep.equal([64, 43]);
    const bySize = await admin.get(`/web/image/res.partner/${withImage}/image?size=image_small`);
    expect((await size(bySize)).width).to.equal(64);
  });

  it('answers 304 to a matching If-None-Match, 200 to a stale one', async () => {
    const first = await admin.get(`/web/image/res.partner/${withImage}/image_small`);
    const etag = first.headers.get('etag')!;
    const again = await conditionalGet(admin, `/web/image/res.partner/${withImage}/image_small`, etag);
    expect(again.status).to.equal(304);
    expect(again.etag).to.equal(etag);
    const stale = await conditionalGet(admin, `/web/image/res.partner/${withImage}/image_small`, '"old"');
    expect(stale.status).to.equal(200);
  });

  it('a new image gets a new ETag (variants are keyed by content)', async () => {
    const partner = await tk.sudo().model('res.partner').create({ name: 'Changing', image: (await png(100, 100)).toString('base64') }) as number;
    const before = (await admin.get(`/web/image/res.partner/${partner}/image_small`)).headers.get('etag');
    await tk.sudo().model('res.partner').write([partner], { image: (await png(120, 90)).toString('base64') });
    const res = await admin.get(`/web/image/res.partner/${partner}/image_small`);
    expect(res.headers.get('etag')).to.not.equal(before);
    expect((await size(res)).height).to.equal(48);
  });

  it('keeps JPEG as JPEG', async () => {
    const res = await admin.get(`/web/image/res.partner/${portalPartner}/image_medium`);
    expect(res.headers.get('content-type')).to.equal('image/jpeg');
    expect((await size(res)).width).to.equal(256);
  });

  it('checks read access and record rules: visitors and other portal users are refused', async () => {
    expect((await visitor.get(`/web/image/res.partner/${withImage}/image`)).status).to.equal(403);
    expect((await portal.get(`/web/image/res.partner/${withImage}/image`)).status).to.equal(403);
    const own = await portal.get(`/web/image/res.partner/${portalPartner}/image_small`);
    expect(own.status).to.equal(200);
    expect(own.headers.get('content-type')).to.equal('image/jpeg');
  });

  it('answers 404 for no image, unknown records, models, fields and sizes, and bytes that are not an image', async () => {
    const garbage = await tk.sudo().model('res.partner').create({ name: 'Garbage', image: Buffer.from('not an image at all').toString('base64') }) as number;
    for (const url of [
      `/web/image/res.partner/${noImage}/image`,
      `/web/image/res.partner/999999/image`,
      `/web/image/res.partner/abc/image`,
      `/web/image/res.partner/0/image`,
      `/web/image/no.such.model/1/image`,
      `/web/image/res.partner/${withImage}/name`,
      `/web/image/res.partner/${withImage}/nofield`,
      `/web/image/res.partner/${withImage}/image?size=huge`,
      `/web/image/res.partner/${garbage}/image`,
      `/web/image/res.partner/${garbage}/image_small`,
    ]) {
      const res = await admin.get(url);
      expect(res.status, url).to.equal(404);
    }
  });
});

describe('image variants', () => {
  it('recognises formats by their bytes', async () => {
    expect(sniffImageType(await png(2, 2))).to.equal('image/png');
    expect(sniffImageType(await jpeg(2, 2))).to.equal('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....'))).to.equal('image/gif');
    expect(sniffImageType(Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'))).to.equal('image/svg+xml');
    expect(sniffImageType(Buffer.from('<html><svg></svg></html>'))).to.equal(null);
  });

  it('keeps the cache under its byte cap, dropping the least recently used variant', async () => {
    const variants = new ImageVariants(2500);
    const a = await png(300, 300);
    const b = await jpeg(300, 300);
    const c = await png(200, 100);
    await variants.variant(a, 'image_small');
    const afterOne = variants.cacheSize;
    expect(afterOne.entries).to.equal(1);
    await variants.variant(b, 'image_small');
    await variants.variant(a, 'image_small'); // a is now the most recent
    await variants.variant(c, 'image_small');
    expect(variants.cacheSize.bytes).to.be.at.most(2500);
    const again = await variants.variant(a, 'image_small');
    expect(again).to.not.equal(null);
  });
});

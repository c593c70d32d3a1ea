import http from 'node:http';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('website: demo gallery', () => {
  let tk: TestKernel;
  let visitor: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
    visitor = new RpcClient(tk.url);
  });
  after(async () => tk?.stop());

  it('/gallery lists the pictures with the lightbox and the zoom islands, readable without JavaScript', async () => {
    const res = await visitor.get('/gallery');
    expect(res.status).to.equal(200);
    const html = await res.text();
    expect(html).to.contain('data-island="website.gallery"').and.contain('data-island="website.image_zoom"');
    const links = html.match(/<a href="\/website\/static\/gallery\/[a-z-]+\.jpg"/g) ?? [];
    expect(links).to.have.length(3);
    expect(html).to.contain('aria-label="Open picture: Mountain lake"');
    expect(html).to.contain('alt="City night"');
  });

  it('serves the pictures with their type, an ETag and a 304 on revalidation', async () => {
    const res = await visitor.get('/website/static/gallery/mountain-lake.jpg');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/jpeg');
    expect(res.headers.get('cache-control')).to.contain('max-age=');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes[0]).to.equal(0xff);
    const etag = res.headers.get('etag')!;
    const status = await new Promise<number>((resolve, reject) => {
      http.get(`${tk.url}/website/static/gallery/mountain-lake.jpg`, { headers: { 'If-None-Match': etag } }, (r) => {
        r.resume();
        resolve(r.statusCode!);
      }).on('error', reject);
    });
    expect(status).to.equal(304);
  });

  it('serves nothing else from the folder or outside it', async () => {
    for (const file of ['nope.jpg', '..%2F..%2Fmanifest.ts', '..%2Fgallery-routes.ts', 'MOUNTAIN-LAKE.JPG', '.hidden.jpg']) {
      expect((await visitor.get(`/website/static/gallery/${file}`)).status, file).to.equal(404);
    }
    expect((await visitor.get('/website/static/gallery/../../manifest.ts')).status).to.equal(404);
  });
});

import http from 'node:http';
import { expect } from 'chai';
import { ValidationError as YupError } from 'yup';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import {
  addSlideSchema, DUPLICATE_TITLE_MESSAGE, FILE_OR_URL_MESSAGE, FILE_TOO_BIG_MESSAGE, IMAGE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE,
  INVALID_URL_MESSAGE, MAX_FILE_BASE64, MAX_FILE_BYTES, NAME_REQUIRED_MESSAGE, NO_UPLOAD_RIGHT_MESSAGE, parseDocumentUrl, PASSWORD_PROTECTED_MESSAGE,
  SLIDE_MODEL, UNREADABLE_PDF_MESSAGE, UrlPreviews, embedPage,
} from '../index';
import { demoIds, encryptedPdf, fakeExecutable, hugeDeclaredPng, makePdf, makePng, userClient } from './slides-fixture';

const b64 = (b: Buffer) => b.toString('base64');

describe('slides: the upload dialog\'s rules, on the server', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let employee: RpcClient;
  let publisher: RpcClient;
  let portal: RpcClient;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const count = () => tk.sudo().model(SLIDE_MODEL).search_count([]);
  const attachments = () => tk.sudo().model('ir.attachment').search_count([['res_model', '=', SLIDE_MODEL]]);
  const add = (client: RpcClient, values: Record<string, unknown>) => client.rpc<{ url?: string; error?: string }>('/slides/add_slide', { channel_id: ids.channel, ...values });

  before(async () => {
    tk = await bootTestKernel({ modules: ['slides'], http: true, demo: true });
    ids = await demoIds(tk);
    employee = (await userClient(tk, 'employee', ['base.group_user'])).client;
    publisher = (await userClient(tk, 'publisher', ['website.group_website_publisher'])).client;
    portal = (await userClient(tk, 'portal', ['base.group_portal'])).client;
  });
  after(async () => tk?.stop());

  describe('the shared schema (formik in the dialog, the route on the server)', () => {
    const check = (values: Record<string, unknown>) => addSlideSchema.validate({ channel_id: 1, ...values }, { abortEarly: false }).then(() => [] as string[], (e: YupError) => e.errors);
    it('asks for a title, and for a file or a URL but not both', async () => {
      expect(await check({ name: '  ', url: 'https://youtu.be/a8Ob3wrd8ik' })).to.deep.equal([NAME_REQUIRED_MESSAGE]);
      expect(await check({ name: 'x' })).to.deep.equal([FILE_OR_URL_MESSAGE]);
      expect(await check({ name: 'x', datas: 'QUJD', url: 'https://youtu.be/a8Ob3wrd8ik' })).to.deep.equal([FILE_OR_URL_MESSAGE]);
      expect(await check({ name: 'x', datas: 'QUJD' })).to.deep.equal([]);
    });
    it('refuses a URL that is neither YouTube nor Google Drive, and a file over 25 MB', async () => {
      expect(await check({ name: 'x', url: 'https://example.com/video' })).to.include(INVALID_URL_MESSAGE);
      expect(await check({ name: 'x', datas: 'A'.repeat(MAX_FILE_BASE64 + 4) })).to.include(FILE_TOO_BIG_MESSAGE);
    });
    it('recognises YouTube and Drive URLs, and keeps the embed page between 1 and the page count', () => {
      expect(parseDocumentUrl('https://www.youtube.com/watch?v=a8Ob3wrd8ik&t=3')).to.deep.equal({ kind: 'youtube', id: 'a8Ob3wrd8ik' });
      expect(parseDocumentUrl('https://youtu.be/a8Ob3wrd8ik')).to.deep.equal({ kind: 'youtube', id: 'a8Ob3wrd8ik' });
      expect(parseDocumentUrl('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view')).to.deep.equal({ kind: 'google', id: '1AbCdEfGhIjKlMnOp' });
      expect(parseDocumentUrl('https://evil.example/youtube.com/watch?v=a8Ob3wrd8ik')).to.equal(null);
      expect([embedPage('2', 5), embedPage('0', 5), embedPage('6', 5), embedPage('x', 5), embedPage('3', 0)]).to.deep.equal([2, 1, 1, 1, 1]);
    });
  });

  it('adds a PDF: the server counts its pages, keeps the file as an attachment, and an employee\'s slide stays unpublished', async () => {
    const answer = await add(employee, { name: 'Quarterly review', datas: b64(await makePdf(4, true)), image: b64(await makePng(80, 60)), website_published: true, tag_names: ['finance'], category_name: 'Reviews' });
    expect(answer.error).to.equal(undefined);
    expect(answer.result?.url).to.match(/^\/slides\/slide\/quarterly-review-\d+$/);
    const id = Number(/(\d+)$/.exec(answer.result!.url!)![1]);
    const [slide] = await tk.sudo().model(SLIDE_MODEL).read([id], ['slide_type', 'page_count', 'mime_type', 'website_published', 'attachment_id', 'image', 'tag_ids', 'category_id']);
    expect(slide).to.include({ slide_type: 'presentation', page_count: 4, mime_type: 'application/pdf', website_published: false });
    expect(slide.attachment_id).to.not.equal(false);
    expect(slide.image).to.be.a('string');
    expect((slide.category_id as [number, string])[1]).to.equal('Reviews');
    expect(slide.tag_ids).to.have.length(1);
    // The uploader sees their own draft; a visitor gets a 404.
    expect((await employee.get(answer.result!.url!)).status).to.equal(200);
    expect((await new RpcClient(tk.url).get(answer.result!.url!)).status).to.equal(404);
  });

  it('stamps the publication date when a slide is published later (back office, publish toggle)', async () => {
    const id = await tk.sudo().model(SLIDE_MODEL).create({ name: 'Published later', channel_id: ids.channel });
    expect((await tk.sudo().model(SLIDE_MODEL).read([id], ['date_published']))[0].date_published).to.equal(false);
    await tk.sudo().model(SLIDE_MODEL).write([id], { website_published: true });
    expect((await tk.sudo().model(SLIDE_MODEL).read([id], ['date_published']))[0].date_published).to.be.a('string');
  });

  it('keeps a document URL set in the back office playable: its id follows it, an unknown site is refused', async () => {
    const m = tk.sudo().model(SLIDE_MODEL);
    const id = await m.create({ name: 'Set by hand', channel_id: ids.channel, slide_type: 'video', url: 'https://youtu.be/c8Ob3wrd8ik' });
    expect((await m.read([id], ['document_id']))[0].document_id).to.equal('c8Ob3wrd8ik');
    await m.write([id], { url: 'https://www.youtube.com/watch?v=d8Ob3wrd8ik' });
    expect((await m.read([id], ['document_id']))[0].document_id).to.equal('d8Ob3wrd8ik');
    let refused: unknown;
    try {
      await m.write([id], { url: 'https://example.com/clip' });
    } catch (err) {
      refused = err;
    }
    expect((refused as Error)?.message).to.equal(INVALID_URL_MESSAGE);
    expect((await m.read([id], ['url']))[0].url).to.equal('https://www.youtube.com/watch?v=d8Ob3wrd8ik');
  });

  it('publishes at once for publishers (Save and publish), with the publication date', async () => {
    const answer = await add(publisher, { name: 'Published deck', datas: b64(await makePdf(2)), website_published: true });
    const id = Number(/(\d+)$/.exec(answer.result!.url!)![1]);
    const [slide] = await tk.sudo().model(SLIDE_MODEL).read([id], ['website_published', 'date_published', 'slide_type']);
    expect(slide).to.include({ website_published: true, slide_type: 'document' });
    expect(slide.date_published).to.be.a('string');
  });

  it('warns of a title the channel has already, ignoring case, and writes nothing', async () => {
    const before = [await count(), await attachments()];
    expect(await employee.call('/slides/title_check', { channel_id: ids.channel, name: 'a tour of the SITE' })).to.equal(true);
    expect(await employee.call('/slides/title_check', { channel_id: ids.channel, name: 'Something new' })).to.equal(false);
    const answer = await add(employee, { name: 'A tour of the site', datas: b64(await makePdf(1)) });
    expect(answer.result).to.deep.equal({ error: DUPLICATE_TITLE_MESSAGE });
    expect([await count(), await attachments()]).to.deep.equal(before);
    // A title holding a LIKE wildcard matches itself only.
    await tk.sudo().model(SLIDE_MODEL).create({ name: 'Growth 100%_', channel_id: ids.channel });
    expect(await employee.call('/slides/title_check', { channel_id: ids.channel, name: 'Growth 100%_' })).to.equal(true);
    expect(await employee.call('/slides/title_check', { channel_id: ids.channel, name: 'Growth 100' })).to.equal(false);
  });

  it('answers the title check to those who may upload only: it would tell others the titles of unpublished slides', async () => {
    await tk.sudo().model(SLIDE_MODEL).create({ name: 'Layoffs plan', channel_id: ids.channel, website_published: false });
    expect(await employee.call('/slides/title_check', { channel_id: ids.channel, name: 'layoffs PLAN' })).to.equal(true);
    for (const name of ['layoffs PLAN', 'Nothing like it']) {
      const answer = await portal.rpc('/slides/title_check', { channel_id: ids.channel, name });
      expect(answer.result, name).to.equal(undefined);
      expect(answer.error?.data).to.deep.include({ name: 'AccessError', message: NO_UPLOAD_RIGHT_MESSAGE });
    }
  });

  it('refuses what is not a PDF or an image, whatever its name or declared type', async () => {
    const before = [await count(), await attachments()];
    const cases: Array<[Buffer, string]> = [
      [fakeExecutable(), INVALID_FILE_TYPE_MESSAGE],
      [Buffer.from('<html><script>alert(1)</script></html>'), INVALID_FILE_TYPE_MESSAGE],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), INVALID_FILE_TYPE_MESSAGE],
      [Buffer.from('%PDF-1.7\nthis is not really a PDF\n%%EOF'), UNREADABLE_PDF_MESSAGE],
      [encryptedPdf(), PASSWORD_PROTECTED_MESSAGE],
      [await hugeDeclaredPng(), IMAGE_TOO_LARGE_MESSAGE],
    ];
    for (const [bytes, message] of cases) {
      const answer = await add(employee, { name: `Bad ${message.slice(0, 10)} ${bytes.length}`, datas: b64(bytes), mime_type: 'application/pdf' });
      expect(answer.result, message).to.deep.equal({ error: message });
    }
    // The preview image is checked too: a disguised bomb there is refused the same way.
    const bomb = await add(employee, { name: 'Bomb preview', datas: b64(await makePdf(1)), image: b64(await hugeDeclaredPng()) });
    expect(bomb.result).to.deep.equal({ error: IMAGE_TOO_LARGE_MESSAGE });
    expect([await count(), await attachments()]).to.deep.equal(before);
  });

  it('refuses a file over 25 MB by the schema, and a body past the route\'s limit before reading it', async () => {
    const before = await count();
    const big = await employee.rpc('/slides/add_slide', { channel_id: ids.channel, name: 'Too big', datas: 'A'.repeat(MAX_FILE_BASE64 + 4) });
    expect(big.error?.data.name).to.equal('ValidationError');
    expect(big.error?.data).to.have.nested.property('fields.datas', FILE_TOO_BIG_MESSAGE);
    // Exactly one byte over 25 MB decoded, posted as valid base64 within the body limit: the server's own check.
    const over = Buffer.alloc(MAX_FILE_BYTES + 1, 0x25);
    over.write('%PDF-1.4\n');
    const overText = b64(over);
    expect(overText.length).to.be.at.most(MAX_FILE_BASE64);
    expect((await add(employee, { name: 'Over by one', datas: overText })).result).to.deep.equal({ error: FILE_TOO_BIG_MESSAGE });
    const huge = await employee.fetch('/slides/add_slide', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { channel_id: ids.channel, name: 'Huge', datas: 'A'.repeat(45 * 1024 * 1024) } }) });
    expect(huge.status).to.equal(413);
    // Visitors are held to the ordinary 1 MB.
    const visitor = await new RpcClient(tk.url).fetch('/slides/add_slide', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { datas: 'A'.repeat(2 * 1024 * 1024) } }) });
    expect(visitor.status).to.equal(413);
    expect(await count()).to.equal(before);
  });

  it('keeps uploads to those with the right: visitors, portal users (no upload group), non-members of the upload groups', async () => {
    const pdf = b64(await makePdf(1));
    const visitor = await new RpcClient(tk.url).rpc('/slides/add_slide', { channel_id: ids.channel, name: 'By a visitor', datas: pdf });
    expect(visitor.error?.data.name).to.equal('SessionExpiredException');
    expect((await add(portal, { name: 'By a portal user', datas: pdf })).result).to.deep.equal({ error: NO_UPLOAD_RIGHT_MESSAGE });
    const managers = Number((await tk.sudo().model('res.groups').search_read([['name', '=', 'Slides manager']], ['id'], { limit: 1 }))[0].id);
    await tk.sudo().model('slide.channel').write([ids.channel], { upload_group_ids: [[6, 0, [managers]]] });
    try {
      expect((await add(employee, { name: 'By an employee', datas: pdf })).result).to.deep.equal({ error: NO_UPLOAD_RIGHT_MESSAGE });
    } finally {
      await tk.sudo().model('slide.channel').write([ids.channel], { upload_group_ids: [[6, 0, []]] });
    }
    // A private channel the uploader cannot see: as if it did not exist.
    const hidden = await portal.rpc<{ error?: string }>('/slides/add_slide', { channel_id: ids.privateChannel, name: 'x', datas: pdf });
    expect(hidden.result?.error ?? hidden.error?.data.message).to.match(/does not exist/);
    expect(await tk.sudo().model(SLIDE_MODEL).search_count([['name', 'like', 'By a']])).to.equal(0);
  });

  it('adds an image as an infographic, and a YouTube URL as a video (no network needed)', async () => {
    const image = await add(employee, { name: 'A chart', datas: b64(await makePng(300, 200)) });
    const imageId = Number(/(\d+)$/.exec(image.result!.url!)![1]);
    const [infographic] = await tk.sudo().model(SLIDE_MODEL).read([imageId], ['slide_type', 'mime_type', 'image']);
    expect(infographic).to.include({ slide_type: 'infographic', mime_type: 'image/png' });
    expect(infographic.image).to.be.a('string');
    const video = await add(employee, { name: 'A talk', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const videoId = Number(/(\d+)$/.exec(video.result!.url!)![1]);
    const [row] = await tk.sudo().model(SLIDE_MODEL).read([videoId], ['slide_type', 'document_id']);
    expect(row).to.include({ slide_type: 'video', document_id: 'dQw4w9WgXcQ' });
    expect((await add(employee, { name: 'The same talk', url: 'https://youtu.be/dQw4w9WgXcQ' })).result?.error).to.match(/already exists in this channel/);
  });

  describe('/slides/dialog_preview/', () => {
    let server: http.Server;
    let port = 0;
    const previews = () => tk.get(UrlPreviews);
    let saved: UrlPreviews['endpoints'];

    before(async () => {
      // A local stand-in for YouTube's oEmbed endpoint (tests never reach the internet).
      server = http.createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname === '/oembed' && url.searchParams.get('url')?.includes('youtube.com/watch?v=')) {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ title: 'A local video', author_name: 'Test channel', thumbnail_url: 'https://i.ytimg.com/vi/a8Ob3wrd8ik/hqdefault.jpg' }));
        } else {
          res.statusCode = 404;
          res.end('no');
        }
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      port = (server.address() as { port: number }).port;
      saved = previews().endpoints;
    });
    after(async () => {
      previews().endpoints = saved;
      await new Promise((r) => server.close(r));
    });

    it('refuses what is not a YouTube or Drive URL', async () => {
      expect(await employee.call('/slides/dialog_preview/', { url: 'https://example.com/x', channel_id: ids.channel })).to.deep.equal({ error: INVALID_URL_MESSAGE });
    });

    it('answers the title and picture of a video, fetched through the SSRF-safe fetch', async () => {
      previews().endpoints = { ...saved, youtubeOembed: `http://127.0.0.1:${port}/oembed`, fetchOptions: { timeoutMs: 3000, allowAddress: (a) => a === '127.0.0.1' } };
      const found = await employee.call<Record<string, string>>('/slides/dialog_preview/', { url: 'https://youtu.be/b8Ob3wrd8ik', channel_id: ids.channel });
      expect(found).to.deep.include({ title: 'A local video', description: 'A video by Test channel', url_src: 'https://i.ytimg.com/vi/a8Ob3wrd8ik/hqdefault.jpg' });
      // The demo video is in the channel already.
      const known = await employee.call<Record<string, string>>('/slides/dialog_preview/', { url: 'https://www.youtube.com/watch?v=a8Ob3wrd8ik', channel_id: ids.channel });
      expect(known).to.deep.equal({ error: known.error, existing_url: known.existing_url });
      expect(known.error).to.match(/already exists/);
    });

    it('answers a clear error when the provider cannot be reached, and never fetches a loopback address unless allowed', async () => {
      previews().endpoints = { ...saved, youtubeOembed: 'http://127.0.0.1:9/oembed', fetchOptions: { timeoutMs: 2000, allowAddress: () => true } };
      const down = await employee.call<{ error: string }>('/slides/dialog_preview/', { url: 'https://youtu.be/zzzzzzzzzzz', channel_id: ids.channel });
      expect(down.error).to.match(/^Could not fetch data from url/);
      previews().endpoints = { ...saved, youtubeOembed: `http://127.0.0.1:${port}/oembed`, fetchOptions: { timeoutMs: 2000 } };
      const blocked = await employee.call<{ error: string }>('/slides/dialog_preview/', { url: 'https://youtu.be/zzzzzzzzzzz', channel_id: ids.channel });
      expect(blocked.error).to.match(/^Could not fetch data from url/);
    });

    it('is for uploaders only', async () => {
      expect((await new RpcClient(tk.url).rpc('/slides/dialog_preview/', { url: 'https://youtu.be/a8Ob3wrd8ik', channel_id: ids.channel })).error?.data.name).to.equal('SessionExpiredException');
      expect((await portal.rpc('/slides/dialog_preview/', { url: 'https://youtu.be/a8Ob3wrd8ik', channel_id: ids.channel })).error?.data.name).to.equal('AccessError');
    });
  });
});

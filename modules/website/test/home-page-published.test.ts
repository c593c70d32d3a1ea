import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

/** The page at `/` stays published whatever path the unpublishing takes: one click cannot take the site offline. */
describe('website: the home page stays published', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  let homeId: number;
  const published = async () => (await tk.sudo().model('website.page').read([homeId], ['website_published']))[0].website_published;
  const homeAnswers = async () => (await new RpcClient(tk.url).get('/')).status;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    [homeId] = await tk.sudo().model('website.page').search([['url', '=', '/']]);
  });
  after(async () => tk?.stop());

  it('refuses the publish toggle on the home page, with a clear message, and visitors still get it', async () => {
    const answer = await admin.rpc('/website/publish', { id: homeId, object: 'website.page' });
    expect(answer.error?.data).to.deep.include({ name: 'ValidationError' });
    expect(answer.error?.data.message).to.contain('The home page (/) cannot be unpublished');
    expect(await published()).to.equal(true);
    expect(await homeAnswers()).to.equal(200);
  });

  it('refuses it through the page properties, writing none of the other properties', async () => {
    const answer = await admin.rpc('/website/page/properties', { id: homeId, lang: 'en_US', name: 'Start', url: '/', in_menu: false, published: false });
    expect(answer.error?.data.message).to.contain('The home page (/) cannot be unpublished');
    const [page] = await tk.sudo().model('website.page').read([homeId], ['name', 'website_published']);
    expect(page).to.deep.include({ name: 'Home', website_published: true });
  });

  it('refuses it through call_kw (the back office) and the ORM itself, superuser included', async () => {
    const answer = await admin.rpc('/web/dataset/call_kw', { model: 'website.page', method: 'write', args: [[homeId], { website_published: false }], kwargs: {} });
    expect(answer.error?.data.message).to.contain('The home page (/) cannot be unpublished');
    let refused: unknown;
    await tk.sudo().model('website.page').write([homeId], { website_published: false }).catch((e: unknown) => { refused = e; });
    expect(String(refused)).to.contain('The home page (/) cannot be unpublished');
    expect(await published()).to.equal(true);
    expect(await homeAnswers()).to.equal(200);
  });

  it('refuses to delete the home page or move it off /, through call_kw and the ORM, and changes nothing', async () => {
    const deleted = await admin.rpc('/web/dataset/call_kw', { model: 'website.page', method: 'unlink', args: [[homeId]], kwargs: {} });
    expect(deleted.error?.data).to.deep.include({ name: 'ValidationError' });
    expect(deleted.error?.data.message).to.contain('The home page (/) cannot be deleted or moved');
    const moved = await admin.rpc('/web/dataset/call_kw', { model: 'website.page', method: 'write', args: [[homeId], { url: '/old-home', name: 'Renamed' }], kwargs: {} });
    expect(moved.error?.data.message).to.contain('The home page (/) cannot be deleted or moved');
    let refused: unknown;
    await tk.sudo().model('website.page').unlink([homeId]).catch((e: unknown) => { refused = e; });
    expect(String(refused)).to.contain('cannot be deleted or moved');
    const [home] = await tk.sudo().model('website.page').read([homeId], ['url', 'name']);
    expect(home).to.deep.include({ url: '/', name: 'Home' });
    expect(await homeAnswers()).to.equal(200);
  });

  it('still unpublishes other pages, and refuses to move a draft page to / on a site left without a home page', async () => {
    const draft = await tk.sudo().model('website.page').create({ name: 'Draft', url: '/draft', website_published: true });
    expect(await admin.call('/website/publish', { id: draft, object: 'website.page' })).to.equal(false);
    // A site whose home page went before the rule above (removed in the database): no page at / at all.
    await tk.sudo().db('website_page').where('id', homeId).delete();
    const moved = await admin.rpc('/web/dataset/call_kw', { model: 'website.page', method: 'write', args: [[draft], { url: '/' }], kwargs: {} });
    expect(moved.error?.data.message).to.contain('The home page (/) cannot be unpublished');
    expect((await tk.sudo().model('website.page').read([draft], ['url']))[0].url).to.equal('/draft');
    await tk.sudo().model('website.page').write([draft], { url: '/', website_published: true });
    expect(await homeAnswers()).to.equal(200);
  });
});

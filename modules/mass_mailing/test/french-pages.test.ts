import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

/** The newsletter page under /fr: its intro and its browser tab title are French. */
describe('mass_mailing: the newsletter page in French', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true });
  });
  after(async () => tk?.stop());

  it('says there is no newsletter yet, in French', async () => {
    const html = (await (await new RpcClient(tk.url).get('/fr/newsletter')).text()).replace(/&#x27;/g, "'");
    expect(html).to.contain("<p>Il n'y a pas encore de lettre d'information").and.not.contain('<p>There is no newsletter');
  });

  it('translates the intro and the tab title', async () => {
    await tk.sudo().model('mail.mass_mailing.list').create({ name: 'News' });
    const html = (await (await new RpcClient(tk.url).get('/fr/newsletter')).text()).replace(/&#x27;/g, "'");
    // (The English sources are in the page's translation table for the islands: look at the paragraph.)
    expect(html).to.contain('<p>Recevez nos actualités par e-mail').and.not.contain('<p>Get our news by e-mail');
    expect(html).to.contain("<title>Lettre d'information | My Website</title>");
    const english = await (await new RpcClient(tk.url).get('/newsletter')).text();
    expect(english).to.contain('<title>Newsletter | My Website</title>').and.contain('Get our news by e-mail');
  });
});

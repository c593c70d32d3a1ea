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

  it("the footer's newsletter form and the page's subscribe forms are French, placeholders included", async () => {
    const [list] = await tk.sudo().model('mail.mass_mailing.list').search([], { limit: 1 });
    const french = (await (await new RpcClient(tk.url).get('/fr/newsletter')).text()).replace(/&#x27;/g, "'");
    const footer = /<section class="footer-newsletter"[\s\S]*?<\/section>/.exec(french)![0];
    expect(footer).to.contain('placeholder="vous@example.com"').and.contain('>S\'abonner</button>').and.contain('Votre e-mail');
    const widget = new RegExp(`<input id="newsletter-email-${list}"[^>]*>`).exec(french)![0];
    expect(widget).to.contain('placeholder="vous@example.com"');
    expect(french).not.to.match(/placeholder="[^"]*your/i);
    // The French home page (the website module's) carries the same footer form.
    const home = await new RpcClient(tk.url).get('/fr/');
    expect(home.status).to.equal(200);
    expect(await home.text()).to.contain('placeholder="vous@example.com"');
    const english = await (await new RpcClient(tk.url).get('/newsletter')).text();
    expect(english).to.contain('placeholder="your-email@example.com"').and.not.contain('vous@example.com');
  });
});

import zlib from 'node:zlib';
import { expect } from 'chai';
import { SOCIAL_NETWORKS } from '@platform/base';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { FOOTER_SOCIAL_NETWORKS } from '../site-appearance';

/** The default theme's frame: navbar, footer columns from the site settings, stylesheet budget, no script without islands. */
describe('web: site layout (default theme)', function () {
  this.timeout(30_000);
  let tk: TestKernel;
  let siteId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, demo: false });
    siteId = (await tk.sudo().model('website').search([], { limit: 1 }))[0];
  });
  after(async () => tk?.stop());

  const get = async (path: string) => (await new RpcClient(tk.url).get(path)).text();
  const footer = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));

  it('shows only the footer columns whose settings are set', async () => {
    await tk.sudo().model('website').write([siteId], { footer_text: false, contact_email: false, contact_phone: false, contact_address: false, social_github: false, social_facebook: false });
    let html = footer(await get('/'));
    expect(html).not.to.contain('footer-about').and.not.to.contain('footer-contact').and.not.to.contain('footer-social');
    await tk.sudo().model('website').write([siteId], { contact_email: 'team@example.com', social_github: 'https://github.com/acme' });
    // The website model refuses such a link; one stored before that rule (or by hand) is still not written out.
    await tk.sudo().db('website').where({ id: siteId }).update({ social_facebook: 'javascript:alert(1)' });
    html = footer(await get('/'));
    expect(html).to.contain('footer-contact').and.contain('href="mailto:team@example.com"');
    expect(html).not.to.contain('tel:').and.not.to.contain('footer-address');
    expect(html).to.contain('href="https://github.com/acme"').and.not.to.contain('javascript:').and.not.to.contain('Facebook');
    expect(html).not.to.contain('footer-about');
    await tk.sudo().db('website').where({ id: siteId }).update({ social_facebook: null });
  });

  it('translates the about text into the page language', async () => {
    await tk.sudo().model('website').write([siteId], { footer_text: 'We make things.' });
    await tk.sudo().withLang('fr_FR').model('website').write([siteId], { footer_text: 'Nous fabriquons des choses.' });
    expect(footer(await get('/'))).to.contain('We make things.').and.contain('About us');
    expect(footer(await get('/fr/'))).to.contain('Nous fabriquons des choses.').and.contain('À propos');
  });

  it('offers the newsletter as a plain form posting to the subscribe route, coming back to the page', async () => {
    expect(footer(await get('/'))).not.to.contain('footer-newsletter'); // no list yet: no block
    await tk.sudo().model('mail.mass_mailing.list').create({ name: 'News' });
    const html = footer(await get('/fr/'));
    expect(html).to.match(/<form action="\/website_mass_mailing\/subscribe_form" method="post">/);
    expect(html).to.match(/<input type="hidden" name="list_id" value="\d+"\/>/);
    expect(html).to.contain('<input type="hidden" name="redirect" value="/fr"/>');
    expect(html).to.match(/<input type="email" class="form-control" id="footer-newsletter-email" required="" [^>]*name="email"\/>/);
    expect(html).to.contain('Lettre d&#x27;information');
  });

  it('shows the logo when the site has one, else its name', async () => {
    expect(await get('/')).to.match(/<a class="navbar-brand" href="\/">My Website<\/a>/);
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    await tk.sudo().model('website').write([siteId], { logo: png });
    const html = await get('/');
    expect(html).to.contain(`<img class="site-logo" src="/web/image/website/${siteId}/logo?size=image_medium" alt="My Website"`);
    expect((await new RpcClient(tk.url).get(`/web/image/website/${siteId}/logo?size=image_medium`)).status).to.equal(200);
    await tk.sudo().model('website').write([siteId], { logo: false });
  });

  it('has a labelled phone menu toggle that works without script', async () => {
    const html = await get('/');
    expect(html).to.contain('<input type="checkbox" id="site-nav-toggle" class="site-nav-toggle" aria-label="Menu" aria-controls="site-menu"/>');
    expect(html).to.match(/<div class="site-menu" id="site-menu"><nav aria-label="Main menu">/);
  });

  it('a page without islands loads no script at all', async () => {
    const html = await get('/');
    expect(html).not.to.match(/<script/i);
    expect(await get('/no-such-page')).not.to.match(/<script/i);
  });

  it('keeps the stylesheet of the home page under 40 KB gzipped, Bootstrap included', async () => {
    const html = await get('/');
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1];
    const css = await (await new RpcClient(tk.url).get(href)).text();
    expect(css).to.contain('--bs-primary:#3346c7').and.contain('.navbar{');
    const gzipped = zlib.gzipSync(css, { level: 9 }).length;
    expect(gzipped).to.be.below(40 * 1024);
    if (process.env.THEME_FIGURES) console.log(`      stylesheet: ${css.length} bytes, ${gzipped} gzipped`);
  });

  it('links the same social networks as the website model defines', () => {
    expect(FOOTER_SOCIAL_NETWORKS.map((s) => s.network)).to.deep.equal([...SOCIAL_NETWORKS]);
  });
});

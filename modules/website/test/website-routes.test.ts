import http from 'node:http';
import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { SiteService } from '@platform/http';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

describe('website: languages, publishing, SEO routes', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  let aboutId: number;
  let draftId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const pages = await tk.sudo().model('website.page').search_read([], ['url']);
    aboutId = Number(pages.find((p) => p.url === '/about-us')!.id);
    draftId = Number(pages.find((p) => p.url === '/announcement')!.id);
    const accounts = tk.kernel.container.get(UserAccounts);
    await accounts.create({ name: 'Portal Paula', login: 'paula@example.com', password: 'paula-pass-123' });
    await accounts.create({ name: 'Editor Ed', login: 'ed@example.com', password: 'ed-pass-1234', groups: ['base.group_user'] });
  });
  after(async () => tk?.stop());

  describe('language prefixes and switching', () => {
    it('serves the French page under /fr with translated content and UI strings', async () => {
      const res = await new RpcClient(tk.url).get('/fr/about-us');
      const html = await res.text();
      expect(res.status).to.equal(200);
      expect(html).to.contain('lang="fr-FR"').and.contain('À propos').and.contain('Nous sommes une petite équipe').and.contain('Se connecter');
    });

    it('serves English without a prefix, and /en/... redirects permanently to the unprefixed URL', async () => {
      const html = await (await new RpcClient(tk.url).get('/about-us')).text();
      expect(html).to.contain('lang="en-US"').and.contain('About us');
      const res = await new RpcClient(tk.url).get('/en/about-us?x=1');
      expect(res.status).to.equal(301);
      expect(res.headers.get('location')).to.equal('/about-us?x=1');
    });

    it('the default-language redirect cannot be turned into an open redirect', async () => {
      const res = await new RpcClient(tk.url).get('/en//evil.example/x');
      expect(res.status).to.equal(301);
      expect(res.headers.get('location')).to.equal('/evil.example/x');
    });

    it('the frontend_lang cookie sends unprefixed URLs to the page in that language', async () => {
      const res = await new RpcClient(tk.url).fetch('/', { headers: { Cookie: 'frontend_lang=fr_FR' } });
      expect(res.url).to.equal(`${tk.url}/fr`);
      expect(await res.text()).to.contain('Un site que vous aurez plaisir à faire vivre');
    });

    it('/website/lang sets the cookie and redirects to the page in that language without edit parameters', async () => {
      const res = await new RpcClient(tk.url).get('/website/lang/fr_FR?r=' + encodeURIComponent('/about-us?edit_translations=1&a=2#top'));
      expect(res.status).to.equal(303);
      expect(res.headers.get('location')).to.equal('/fr/about-us?a=2#top');
      expect(res.headers.getSetCookie().join(';')).to.contain('frontend_lang=fr_FR');
      const back = await new RpcClient(tk.url).get('/website/lang/en_US?r=' + encodeURIComponent('/fr/about-us'));
      expect(back.headers.get('location')).to.equal('/about-us');
    });

    it('/website/lang never redirects off the site and refuses unknown languages', async () => {
      for (const r of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
        const res = await new RpcClient(tk.url).get('/website/lang/fr_FR?r=' + encodeURIComponent(r));
        expect(res.headers.get('location'), r).to.match(/^\/fr/);
      }
      expect((await new RpcClient(tk.url).get('/website/lang/de_DE?r=/')).status).to.equal(404);
    });

    it('/website/translations returns the modules\' UI strings and the language parameters', async () => {
      const result = await new RpcClient(tk.url).call<{ lang: string; lang_parameters: { date_format: string }; modules: Record<string, { messages: Array<{ id: string; string: string }> }> }>('/website/translations', { lang: 'fr_FR' });
      expect(result.lang).to.equal('fr_FR');
      expect(result.lang_parameters.date_format).to.equal('DD/MM/YYYY');
      expect(result.modules.website.messages).to.deep.include({ id: 'Publish', string: 'Publier' });
      const bad = await new RpcClient(tk.url).rpc('/website/translations', { lang: 'xx_XX' });
      expect(bad.error?.data.name).to.equal('MissingError');
    });
  });

  describe('/website/publish', () => {
    it('refuses visitors, portal users and internal users who are not publishers, changing nothing', async () => {
      const visitor = await new RpcClient(tk.url).rpc('/website/publish', { id: aboutId, object: 'website.page' });
      expect(visitor.error?.data.name).to.equal('AccessError');
      for (const [login, pw] of [['paula@example.com', 'paula-pass-123'], ['ed@example.com', 'ed-pass-1234']]) {
        const c = new RpcClient(tk.url);
        await c.authenticate(login, pw);
        const answer = await c.rpc('/website/publish', { id: aboutId, object: 'website.page' });
        expect(answer.error?.data.name, login).to.equal('AccessError');
      }
      const [page] = await tk.sudo().model('website.page').read([aboutId], ['website_published']);
      expect(page.website_published).to.equal(true);
    });

    it('flips the flag for a publisher and returns the new state; the public then gets a 404', async () => {
      expect(await admin.call('/website/publish', { id: aboutId, object: 'website.page' })).to.equal(false);
      expect((await new RpcClient(tk.url).get('/about-us')).status).to.equal(404);
      expect((await admin.get('/about-us')).status).to.equal(200);
      expect(await admin.call('/website/publish', { id: aboutId, object: 'website.page' })).to.equal(true);
      expect((await new RpcClient(tk.url).get('/about-us')).status).to.equal(200);
    });

    it('refuses bad input: unknown model, model without the flag, missing record, wrong types', async () => {
      expect((await admin.rpc('/website/publish', { id: aboutId, object: 'no.such.model' })).error?.data.name).to.equal('ValidationError');
      expect((await admin.rpc('/website/publish', { id: 1, object: 'res.partner' })).error?.data.message).to.contain('cannot be published');
      expect((await admin.rpc('/website/publish', { id: 999999, object: 'website.page' })).error?.data.name).to.equal('MissingError');
      expect((await admin.rpc('/website/publish', { id: 'x', object: 'website.page' })).error?.data.name).to.equal('ValidationError');
    });

    it('shows the publish toggle (an island) to publishers only', async () => {
      const adminHtml = await (await admin.get('/about-us')).text();
      expect(adminHtml).to.contain('data-island="website.publish_toggle"').and.contain('<script type="module"');
      const publicHtml = await (await new RpcClient(tk.url).get('/about-us')).text();
      expect(publicHtml).not.to.contain('website.publish_toggle');
    });
  });

  describe('sitemap, robots, multi_render', () => {
    it('sitemap.xml lists published pages in every language, never drafts (even for an admin)', async () => {
      const res = await admin.get('/sitemap.xml');
      expect(res.headers.get('content-type')).to.contain('application/xml');
      const xml = await res.text();
      expect(xml).to.contain('/about-us</loc>').and.contain('/fr/about-us</loc>');
      expect(xml).not.to.contain('announcement');
    });

    it('robots.txt points at the sitemap', async () => {
      const text = await (await new RpcClient(tk.url).get('/robots.txt')).text();
      expect(text).to.contain('User-agent: *').and.contain(`Sitemap: ${tk.url}/sitemap.xml`);
    });

    describe('links to the site itself come from its configuration, never from the Host header', () => {
      /** fetch() sets Host itself: a raw request names another host, as a forged request would. */
      const withHost = (path: string, host: string) => new Promise<string>((resolve, reject) => {
        const url = new URL(tk.url);
        http.get({ host: url.hostname, port: url.port, path, headers: { Host: host } }, (res) => {
          let body = '';
          res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve(body));
        }).on('error', reject);
      });
      const configure = (values: Record<string, unknown>) => tk.sudo().model('website').write([1], values);
      afterEach(async () => configure({ base_url: false, domain: false }));

      it('robots.txt, sitemap.xml and share links use the base URL of the site', async () => {
        await configure({ base_url: 'https://www.example.com/' });
        expect(await withHost('/robots.txt', 'evil.example')).to.contain('Sitemap: https://www.example.com/sitemap.xml\n');
        const xml = await withHost('/sitemap.xml', 'evil.example');
        expect(xml).to.contain('<loc>https://www.example.com/about-us</loc>').and.contain('<loc>https://www.example.com/fr/about-us</loc>');
        const page = await withHost('/about-us', 'evil.example');
        expect(page).to.contain('data-island="website.share_buttons"').and.contain('https://www.example.com/about-us');
        for (const body of [xml, page]) expect(body).not.to.contain('evil.example');
      });

      it('a site without a base URL uses its domain, else the address an administrator signed in on, never a stranger\'s Host', async () => {
        await configure({ domain: 'shop.example.com' });
        expect(await withHost('/robots.txt', 'evil.example')).to.contain('Sitemap: http://shop.example.com/sitemap.xml\n');
        await configure({ domain: false });
        // The administrator of this suite signed in on tk.url: recorded as web.base.url.
        expect(await withHost('/robots.txt', 'evil.example')).to.contain(`Sitemap: ${tk.url}/sitemap.xml\n`);
        const env = tk.sudo();
        const recorded = await env.db('ir_config_parameter').where({ key: 'web.base.url' }).first('value');
        await env.db('ir_config_parameter').where({ key: 'web.base.url' }).delete();
        try {
          expect(await withHost('/robots.txt', 'localhost:8069')).to.contain('Sitemap: http://localhost:8069/sitemap.xml\n');
          const robots = await withHost('/robots.txt', 'evil.example');
          expect(robots).to.not.contain('evil.example');
          expect(robots).to.not.contain('Sitemap:');
          expect(await withHost('/sitemap.xml', 'evil.example')).to.not.contain('evil.example');
        } finally {
          await env.db('ir_config_parameter').insert({ key: 'web.base.url', value: recorded.value });
        }
      });

      it('refuses a base URL that is not an http(s) origin', async () => {
        for (const base_url of ['ftp://example.com', 'https://example.com/shop', 'example.com', 'https://exa mple.com']) {
          const answer = await admin.rpc('/web/dataset/call_kw', { model: 'website', method: 'write', args: [[1], { base_url }], kwargs: {} });
          expect(answer.error?.data.name, base_url).to.equal('ValidationError');
        }
      });
    });

    it('multi_render maps ids and external ids to HTML with the caller\'s rights', async () => {
      const visitor = new RpcClient(tk.url);
      const map = await visitor.call<Record<string, string>>('/website/multi_render', { ids_or_xml_ids: ['website.page_about', String(aboutId)] });
      expect(map['website.page_about']).to.contain('small team');
      expect(map[String(aboutId)]).to.equal(map['website.page_about']);
      expect((await visitor.rpc('/website/multi_render', { ids_or_xml_ids: [String(draftId)] })).error?.data.name).to.equal('MissingError');
      expect((await visitor.rpc('/website/multi_render', { ids_or_xml_ids: ['base.user_admin'] })).error?.data.name).to.equal('MissingError');
      expect(await admin.call<Record<string, string>>('/website/multi_render', { ids_or_xml_ids: [String(draftId)] })).to.have.property(String(draftId));
    });
  });

  describe('security headers and assets', () => {
    it('every page carries a CSP with a fresh nonce that the page script uses', async () => {
      const res = await admin.get('/about-us');
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      expect(csp).to.contain("object-src 'none'").and.contain("frame-ancestors 'self'");
      expect(await res.text()).to.contain(`nonce="${nonce}"`);
      const again = (await admin.get('/about-us')).headers.get('content-security-policy')!;
      expect(again).not.to.equal(csp);
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    });

    it('pages served to anonymous visitors from the page cache get their own nonce and follow writes at once', async () => {
      const first = await new RpcClient(tk.url).get('/about-us');
      const second = await new RpcClient(tk.url).get('/about-us');
      const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];
      const [n1, n2] = [nonceOf(first.headers.get('content-security-policy')!), nonceOf(second.headers.get('content-security-policy')!)];
      expect(n1).not.to.equal(n2);
      const [h1, h2] = [await first.text(), await second.text()];
      if (h1.includes('<script type="module"')) {
        expect(h1).to.contain(`nonce="${n1}"`);
        expect(h2).to.contain(`nonce="${n2}"`).and.not.to.contain(`nonce="${n1}"`);
      }
      await tk.sudo().model('website.page').write([aboutId], { name: { en_US: 'About us (new)', fr_FR: 'À propos' } });
      expect(await (await new RpcClient(tk.url).get('/about-us')).text()).to.contain('About us (new)');
      await tk.sudo().model('website.page').write([aboutId], { name: { en_US: 'About us', fr_FR: 'À propos' } });
    });

    it('serves hashed assets gzipped with a one-year immutable cache', async () => {
      const html = await (await admin.get('/about-us')).text();
      const src = /<script type="module" src="([^"]+)"/.exec(html)![1];
      const res = await admin.fetch(src, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding')).to.equal('gzip');
      expect(await res.text()).to.contain('website.publish_toggle');
      expect((await admin.get('/web/assets/site-doesnotexist.js')).status).to.equal(404);
    });

    it('a module disabled on the site ships no code there', async () => {
      const sites = tk.kernel.container.get(SiteService);
      const bundleOf = async () => {
        const html = await (await admin.get('/about-us')).text();
        const src = /<script type="module" src="([^"]+)"/.exec(html)![1];
        return (await admin.fetch(src)).text();
      };
      expect(await bundleOf()).to.contain('website.publish_toggle');
      // The only web module here is website; with it disabled its pages 404 and no page links to code.
      await sites.disable(1, ['website']);
      try {
        expect((await admin.get('/about-us')).status).to.equal(404);
        const html = await (await admin.get('/nothing-here')).text();
        expect(html).not.to.contain('<script');
      } finally {
        await sites.enable(1, ['website'], tk.kernel.installedNames);
      }
    });
  });
});

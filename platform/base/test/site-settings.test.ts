import { expect } from 'chai';
import sharp from 'sharp';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { rawRequest } from '@platform/http/test/support';
import { UserAccounts } from '../server/services/user-accounts';

const SITE_FIELDS = ['name', 'base_url', 'contact_email', 'contact_phone', 'contact_address', 'social_facebook', 'social_github', 'default_lang_id', 'language_ids', 'footer_text', 'logo'];

describe('site settings (/website/settings)', () => {
  let tk: TestKernel;
  let admin: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  const row = async () => tk.sudo().db('website').where({ id: 1 }).first(SITE_FIELDS.filter((f) => f !== 'language_ids'));
  const langIds = async () => (await tk.sudo().db('res_lang_website_rel').where({ website_id: 1 }).orderBy('res_lang_id').select('res_lang_id')).map((r) => r.res_lang_id);

  function valid(extra: Record<string, string | string[]> = {}): Record<string, string | string[]> {
    return {
      name: 'Acme Bakery', base_url: 'https://www.acme.example', languages: ['en_US', 'fr_FR'], default_lang: 'en_US',
      contact_email: 'hello@acme.example', contact_phone: '+33 1 23 45 67 89', contact_address: '1 rue du Pain\n75001 Paris',
      social_facebook: 'https://facebook.com/acme', social_github: '', footer_text_en_US: 'Fresh bread since 1920.', footer_text_fr_FR: 'Du pain frais depuis 1920.',
      ...extra,
    };
  }

  async function post(client: RpcClient, fields: Record<string, string | string[]>, path = '/website/settings'): Promise<Response> {
    const body = new URLSearchParams();
    body.append('csrf_token', await client.csrfFrom('/website/settings'));
    for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) body.append(k, one);
    return client.fetch(path, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() });
  }

  async function userClient(login: string, groups: string[]): Promise<RpcClient> {
    await tk.kernel.container.get(UserAccounts).create({ name: login, login, password: 'password-123', groups });
    const client = new RpcClient(tk.url);
    await client.authenticate(login, 'password-123');
    return client;
  }

  describe('rights', () => {
    it('sends visitors to the login page', async () => {
      const res = await new RpcClient(tk.url).get('/website/settings');
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/web/login?redirect=%2Fwebsite%2Fsettings');
    });

    for (const [who, groups] of [['portal', ['base.group_portal']], ['internal', ['base.group_user']]] as const) {
      it(`refuses ${who} users (403), for the page, a post and the logo; nothing changes`, async () => {
        const client = await userClient(`${who}-settings@example.com`, [...groups]);
        const before = await row();
        expect((await client.get('/website/settings')).status).to.equal(403);
        const csrf_token = await client.csrfFrom('/web/session/logout');
        const res = await client.postForm('/website/settings', { csrf_token, name: 'Hijacked' });
        expect(res.status).to.equal(403);
        const logo = await client.rpc('/website/settings/logo', { image: '' });
        expect(logo.error?.data.name).to.equal('AccessError');
        expect(await row()).to.deep.equal(before);
      });
    }

    it('shows administrators the link in their user menu, and nobody else', async () => {
      const portal = await userClient('portal-menu@example.com', ['base.group_portal']);
      expect(await (await admin.get('/')).text()).to.contain('href="/website/settings"');
      expect(await (await portal.get('/')).text()).to.not.contain('/website/settings');
    });
  });

  describe('saving', () => {
    it('shows the current values', async () => {
      const html = await (await admin.get('/website/settings')).text();
      expect(html).to.contain('name="name"').and.contain('value="My Website"').and.contain('name="footer_text_fr_FR"').and.contain('name="social_linkedin"');
    });

    it('saves every field, translations per language, and the next pages show the new name at once', async () => {
      // Cached for visitors before the change: both caches (sites, public pages) must let go.
      expect(await (await new RpcClient(tk.url).get('/')).text()).to.contain('My Website');
      const res = await post(admin, valid());
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal('/website/settings');
      expect(await (await admin.get('/website/settings')).text()).to.contain('The settings have been saved.').and.contain('value="Acme Bakery"');
      const saved = await row();
      expect(saved).to.include({ name: 'Acme Bakery', base_url: 'https://www.acme.example', contact_email: 'hello@acme.example', contact_address: '1 rue du Pain\n75001 Paris', social_facebook: 'https://facebook.com/acme' });
      expect(saved.social_github).to.equal(null);
      expect(JSON.parse(saved.footer_text)).to.deep.equal({ en_US: 'Fresh bread since 1920.', fr_FR: 'Du pain frais depuis 1920.' });
      const [fr] = await tk.sudo().withLang('fr_FR').model('website').read([1], ['footer_text']);
      expect(fr.footer_text).to.equal('Du pain frais depuis 1920.');
      const home = await (await new RpcClient(tk.url).get('/')).text();
      expect(home).to.contain('Acme Bakery').and.not.contain('My Website');
    });

    it('changes the languages and the default language (the default must be among them)', async () => {
      const fr = (await tk.sudo().db('res_lang').where({ code: 'fr_FR' }).first('id')).id;
      expect((await post(admin, valid({ languages: ['fr_FR'], default_lang: 'fr_FR' }))).status).to.equal(302);
      expect((await row()).default_lang_id).to.equal(fr);
      expect(await langIds()).to.deep.equal([fr]);
      // The site now speaks French without a prefix.
      expect(await (await new RpcClient(tk.url).get('/web/login')).text()).to.contain('lang="fr-FR"');
      expect((await post(admin, valid())).status).to.equal(302);
      expect(await (await new RpcClient(tk.url).get('/web/login')).text()).to.contain('lang="en-US"');
      // Saved in French, French removed: back to the form in the remaining language.
      const res = await post(admin, valid({ languages: ['en_US'] }), '/fr/website/settings');
      expect(res.headers.get('location')).to.equal('/website/settings');
      expect((await post(admin, valid(), '/website/settings')).status).to.equal(302);
      expect((await post(admin, valid(), '/fr/website/settings')).headers.get('location')).to.equal('/fr/website/settings');
    });

    it('the saved base URL is what pages, the sitemap and robots.txt give out, whatever the Host header', async () => {
      expect((await post(admin, valid({ base_url: 'https://www.acme.example/' }))).status).to.equal(302);
      expect((await row()).base_url).to.equal('https://www.acme.example');
      const visitor = async (path: string) => (await rawRequest(tk.url, path, { headers: { Host: 'evil.example' } })).body;
      expect(await visitor('/')).to.contain('<link rel="canonical" href="https://www.acme.example/"/>');
      expect(await visitor('/fr/web/login?redirect=%2Fx')).to.contain('<link rel="canonical" href="https://www.acme.example/fr/web/login"/>');
      expect(await visitor('/no-such-page')).to.not.contain('rel="canonical"');
      expect(await visitor('/sitemap.xml')).to.contain('<loc>https://www.acme.example/').and.not.contain('127.0.0.1');
      expect(await visitor('/robots.txt')).to.contain('Sitemap: https://www.acme.example/sitemap.xml');
      // Without a base URL (nor domain) no canonical tag: it would name whatever Host the visitor sent.
      expect((await post(admin, valid({ base_url: '' }))).status).to.equal(302);
      expect(await visitor('/')).to.not.contain('rel="canonical"');
      expect((await post(admin, valid())).status).to.equal(302);
    });

    const refusals: Array<[string, Record<string, string | string[]>, string, string]> = [
      ['a base URL with a path', { base_url: 'https://www.acme.example/shop' }, 'base_url', 'Write the scheme and host only'],
      ['a base URL without scheme', { base_url: 'www.acme.example' }, 'base_url', 'Write the scheme and host only'],
      ['an empty name', { name: '  ' }, 'name', 'This field is required.'],
      ['a name too long', { name: 'x'.repeat(129) }, 'name', 'This value is too long.'],
      ['a default language not among the languages', { languages: ['en_US'], default_lang: 'fr_FR' }, 'default_lang', "The default language must be one of the site's languages."],
      ['no language at all', { languages: [] }, 'languages', 'Choose at least one language.'],
      ['a language that is not installed', { languages: ['en_US', 'xx_XX'] }, 'languages', 'Choose languages from the list.'],
      ['a bad contact e-mail', { contact_email: 'not an address' }, 'contact_email', 'This is not an e-mail address.'],
      ['a social link that is not a URL', { social_facebook: 'javascript:alert(1)' }, 'social_facebook', 'Write a full address starting with https://'],
      ['a footer text too long', { footer_text_fr_FR: 'x'.repeat(2001) }, 'footer_text_fr_FR', 'This value is too long.'],
    ];
    for (const [what, change, field, message] of refusals) {
      it(`refuses ${what}: the field is marked with its message and nothing is written`, async () => {
        const before = await row();
        const beforeLangs = await langIds();
        const res = await post(admin, valid({ name: 'Changed Name', contact_phone: '000', ...change }));
        expect(res.status).to.equal(400);
        const html = await res.text();
        expect(html).to.contain('Nothing was saved').and.contain(message.replace(/'/g, '&#x27;'));
        if (field !== 'languages') expect(html).to.match(new RegExp(`id="settings-${field}"[^>]*class="form-(control|select) is-invalid"`));
        expect(html).to.contain(`id="settings-${field}-error"`);
        expect(await row()).to.deep.equal(before);
        expect(await langIds()).to.deep.equal(beforeLangs);
      });
    }

    it('holds the social link rule through call_kw too (the back office writes sites that way): no javascript: link in the footer', async () => {
      const refused = await admin.callKw('website', 'write', [[1], { social_twitter: 'javascript:alert(1)' }]).catch((e: Error) => e);
      expect(refused).to.be.instanceOf(Error);
      expect((refused as Error).message).to.contain('must be a full address starting with https://');
      expect((await tk.sudo().db('website').where({ id: 1 }).first('social_twitter')).social_twitter).to.not.equal('javascript:alert(1)');
      await admin.callKw('website', 'write', [[1], { social_twitter: 'https://x.com/acme' }]);
      expect((await tk.sudo().db('website').where({ id: 1 }).first('social_twitter')).social_twitter).to.equal('https://x.com/acme');
    });

    it('refuses unknown fields and repeated single fields, writing nothing', async () => {
      const before = await row();
      expect((await post(admin, valid({ user_id: '2' }))).status).to.equal(400);
      expect((await post(admin, valid({ name: ['A', 'B'] }))).status).to.equal(400);
      expect(await row()).to.deep.equal(before);
    });

    it('refuses a post without CSRF token', async () => {
      const res = await admin.postForm('/website/settings', { name: 'No token' });
      expect(res.status).to.equal(400);
      expect((await row()).name).to.not.equal('No token');
    });

    it('reads French under /fr', async () => {
      const html = await (await admin.get('/fr/website/settings')).text();
      expect(html).to.contain('<title>Paramètres du site | Acme Bakery</title>').and.contain('URL publique du site').and.contain('action="/fr/website/settings"');
    });
  });

  describe('logo', () => {
    const png = async (w: number, h: number) => (await sharp({ create: { width: w, height: h, channels: 3, background: '#c33' } }).png().toBuffer()).toString('base64');

    it('stores a PNG sent as a data URL and serves it through /web/image', async () => {
      const answer = await admin.rpc('/website/settings/logo', { image: `data:image/png;base64,${await png(120, 40)}` });
      expect(answer.error).to.equal(undefined);
      const res = await new RpcClient(tk.url).get('/web/image/website/1/logo');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/png');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).to.equal(120);
    });

    it('keeps the picture re-encoded, as editor images are (metadata such as a camera\'s EXIF dropped)', async () => {
      const jpeg = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#36c' } })
        .jpeg().withExifMerge({ IFD0: { Copyright: 'where-i-live' } }).toBuffer();
      expect((await sharp(jpeg).metadata()).exif, 'the upload carries EXIF').to.not.equal(undefined);
      expect((await admin.rpc('/website/settings/logo', { image: jpeg.toString('base64') })).error).to.equal(undefined);
      const stored = Buffer.from(String((await row()).logo), 'base64');
      expect((await sharp(stored).metadata()).format).to.equal('jpeg');
      expect(stored.includes(Buffer.from('where-i-live'))).to.equal(false);
    });

    it('refuses SVG, non-images, too heavy and too large images; the logo stays', async () => {
      const before = (await row()).logo;
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
      const cases: Array<[string, string]> = [
        [svg, 'The logo must be a PNG, JPEG, WebP or GIF image.'],
        [Buffer.from('just text').toString('base64'), 'The logo must be a PNG, JPEG, WebP or GIF image.'],
        ['not base64 at all!', 'The logo could not be read'],
        [await png(5000, 10), 'at most 4096 pixels'],
        [Buffer.alloc(1024 * 1024 + 10, 1).toString('base64'), 'The logo is too large: at most 1 MB.'],
      ];
      for (const [image, message] of cases) {
        const answer = await admin.rpc('/website/settings/logo', { image });
        expect(answer.error?.data.name, message).to.equal('ValidationError');
        expect(answer.error?.data.message).to.contain(message);
      }
      expect((await row()).logo).to.equal(before);
    });

    it('removes the logo', async () => {
      expect((await admin.rpc('/website/settings/logo', { image: '' })).error).to.equal(undefined);
      expect((await row()).logo).to.equal(null);
    });
  });
});

import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { SiteService } from '../site-service';
import { rawRequest } from './support';

describe('per-site module gate', () => {
  let tk: TestKernel;
  let admin: RpcClient;
  let otherSiteId: number;
  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => tk?.stop());

  const setModules = (website_id: number, change: { enable?: string[]; disable?: string[] }) =>
    admin.call<{ enabled: string[]; disabled: string[]; modules: string[] }>('/web/site/modules', { website_id, ...change });
  const home = (host?: string) => rawRequest(tk.url, '/', { headers: host ? { Host: host } : {} });

  it('website is enabled on the first site after install', async () => {
    const sites = await admin.call<Array<{ id: number; modules: string[] }>>('/web/site/list');
    expect(sites).to.have.length(1);
    expect(sites[0].id).to.equal(1);
    expect(sites[0].modules).to.deep.equal(['base', 'website']);
    expect((await home()).status).to.equal(200);
  });

  it('disabling website makes its routes answer 404 and keeps its data', async () => {
    const pagesBefore = await tk.sudo().model('website.page').search_count([]);
    expect(pagesBefore).to.be.greaterThan(0);
    const answer = await setModules(1, { disable: ['website'] });
    expect(answer.disabled).to.deep.equal(['website']);
    expect(answer.modules).to.deep.equal(['base']);
    const res = await home();
    expect(res.status).to.equal(404);
    expect(res.headers['content-type']).to.match(/html/);
    expect(res.body).to.contain('Page not found');
    expect((await rawRequest(tk.url, '/about-us')).status).to.equal(404);
    expect(await tk.sudo().model('website.page').search_count([])).to.equal(pagesBefore);
    // base routes are untouched
    expect((await rawRequest(tk.url, '/health')).status).to.equal(200);
  });

  it('enabling it again brings the pages back', async () => {
    const answer = await setModules(1, { enable: ['website'] });
    expect(answer.enabled).to.deep.equal(['website']);
    expect((await home()).status).to.equal(200);
    expect((await rawRequest(tk.url, '/about-us')).status).to.equal(200);
  });

  it('refuses base, unknown modules and unknown sites', async () => {
    for (const params of [{ website_id: 1, disable: ['base'] }, { website_id: 1, enable: ['no_such_module'] }, { website_id: 999, enable: ['website'] }]) {
      const answer = await admin.rpc('/web/site/modules', params);
      expect(answer.error, JSON.stringify(params)).to.not.equal(undefined);
      expect(answer.error!.data.name).to.equal('UserError');
    }
    // The platform's own modules (the bus, outgoing mail) are not switched per site.
    for (const module of ['bus', 'mail']) {
      const answer = await admin.rpc('/web/site/modules', { website_id: 1, disable: [module] });
      expect(answer.error?.data.message, module).to.match(/is part of the platform: it cannot be switched off for a site/);
    }
    const typed = await admin.rpc('/web/site/modules', { website_id: '1', disable: ['website'] });
    expect(typed.error!.data.name).to.equal('ValidationError');
    expect((await home()).status).to.equal(200);
  });

  it('a non-admin user gets AccessError; a visitor gets a session error', async () => {
    const accounts = new RpcClient(tk.url);
    const csrf_token = await accounts.csrfFrom('/web/signup');
    const res = await accounts.postForm('/web/signup', { csrf_token, name: 'Portal Pete', login: 'pete@example.com', password: 'portal-pass', confirm_password: 'portal-pass', redirect: '/' });
    expect(res.status).to.equal(302);
    for (const [path, params] of [['/web/site/modules', { website_id: 1, disable: ['website'] }], ['/web/site/list', {}]] as const) {
      const answer = await accounts.rpc(path, params);
      expect(answer.error!.data.name, path).to.equal('AccessError');
    }
    const visitor = await new RpcClient(tk.url).rpc('/web/site/modules', { website_id: 1, disable: ['website'] });
    expect(visitor.error!.code).to.equal(100);
    expect((await home()).status).to.equal(200);
  });

  describe('a second website', () => {
    before(async () => {
      const env = tk.sudo();
      const [first] = await env.model('website').read([1], ['default_lang_id', 'user_id']);
      const id = (v: unknown) => (Array.isArray(v) ? v[0] : v) as number;
      otherSiteId = await env.model('website').create({
        name: 'Other site', domain: 'other.test', default_lang_id: id(first.default_lang_id), user_id: id(first.user_id),
      });
      tk.kernel.container.get(SiteService).invalidate();
    });

    it('is chosen by the Host header (port ignored)', async () => {
      const sites = tk.kernel.container.get(SiteService);
      expect((await sites.resolve('other.test')).id).to.equal(otherSiteId);
      expect((await sites.resolve('OTHER.test:8069')).id).to.equal(otherSiteId);
      expect((await sites.resolve('unknown.test')).id).to.equal(1);
      expect((await sites.resolve(undefined)).id).to.equal(1);
    });

    it('starts without website: its home page is 404 while the first site still serves it', async () => {
      expect((await home('other.test')).status).to.equal(404);
      expect((await home('other.test:1234')).status).to.equal(404);
      expect((await home()).status).to.equal(200);
    });

    it('enables and disables modules per site, independently', async () => {
      await setModules(otherSiteId, { enable: ['website'] });
      expect((await home('other.test')).status).to.equal(200);
      expect((await home()).status).to.equal(200);

      await setModules(1, { disable: ['website'] });
      expect((await home()).status).to.equal(404);
      expect((await home('other.test')).status).to.equal(200);
      const list = await admin.call<Array<{ id: number; domain: string | null; modules: string[] }>>('/web/site/list');
      expect(list.map((s) => [s.id, s.domain, s.modules])).to.deep.equal([[1, null, ['base']], [otherSiteId, 'other.test', ['base', 'website']]]);

      await setModules(1, { enable: ['website'] });
      await setModules(otherSiteId, { disable: ['website'] });
      expect((await home()).status).to.equal(200);
      expect((await home('other.test')).status).to.equal(404);
    });

    it('the home page shows the site it was asked for', async () => {
      await setModules(otherSiteId, { enable: ['website'] });
      expect((await home('other.test')).body).to.contain('Other site');
    });
  });

  it('when the site cache expires, concurrent requests share one load', async () => {
    const sites = tk.kernel.container.get(SiteService);
    sites.invalidate();
    let loads = 0;
    const count = (q: { sql?: string }) => {
      if (/from [`"]website[`"]/i.test(q.sql ?? '')) loads++;
    };
    tk.kernel.db.on('query', count);
    try {
      const resolved = await Promise.all(Array.from({ length: 20 }, () => sites.resolve('localhost')));
      expect(new Set(resolved.map((s) => s.id)).size).to.equal(1);
    } finally {
      tk.kernel.db.off('query', count);
    }
    expect(loads).to.equal(1);
  });

  it("without portal, the header shows the user's name but no link to an account page it would 404 on", async () => {
    const html = await (await admin.get('/')).text();
    expect(html).to.match(/<summary class="[^"]*user-name">/);
    expect(html).not.to.contain('/my/account');
  });
});

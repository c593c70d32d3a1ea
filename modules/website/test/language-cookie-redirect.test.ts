import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';

/** With the French cookie, an unprefixed page redirects to its /fr URL: one URL is one language. */
describe('website: the language cookie redirects unprefixed pages to the prefixed URL', () => {
  let tk: TestKernel;
  const french = { Cookie: 'frontend_lang=fr_FR' };

  before(async () => {
    tk = await bootTestKernel({ modules: ['website'], http: true, demo: true });
  });
  after(async () => tk?.stop());

  const get = (path: string, headers: Record<string, string> = french) => new RpcClient(tk.url).fetch(path, { redirect: 'manual', headers });

  it('cached pages (home, website pages) and other pages answer 302 to the prefixed URL, query kept, not cacheable', async () => {
    for (const [path, target] of [['/', '/fr'], ['/about-us?x=1', '/fr/about-us?x=1'], ['/web/login?redirect=%2Fpage%2Fabout-us', '/fr/web/login?redirect=%2Fpage%2Fabout-us']]) {
      const res = await get(path);
      expect(res.status, path).to.equal(302);
      expect(res.headers.get('location'), path).to.equal(target);
      expect(res.headers.get('cache-control'), path).to.equal('no-store');
      expect(res.headers.get('vary') ?? '', path).to.contain('Cookie');
    }
  });

  it('a page cached in French is never served at the unprefixed URL', async () => {
    expect((await get('/fr/about-us', {})).status).to.equal(200); // now in the public cache
    expect((await get('/about-us')).status).to.equal(302);
    const english = await (await get('/about-us', {})).text();
    expect(english).to.contain('lang="en-US"');
  });

  it('crawlers without cookie, prefixed URLs, the default language, JSON routes and non-pages do not redirect', async () => {
    expect((await get('/about-us', {})).status).to.equal(200);
    expect((await get('/fr/about-us')).status).to.equal(200);
    expect((await get('/about-us', { Cookie: 'frontend_lang=en_US' })).status).to.equal(200);
    expect((await get('/about-us', { Cookie: 'frontend_lang=xx_XX' })).status).to.equal(200);
    const json = await new RpcClient(tk.url).fetch('/web/session/get_session_info', {
      method: 'POST', redirect: 'manual', headers: { ...french, 'Content-Type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"params":{}}',
    });
    expect(json.status).to.equal(200);
    for (const path of ['/robots.txt', '/sitemap.xml']) expect((await get(path)).status, path).to.equal(200);
  });

  it('a redirect cannot be bent off the site', async () => {
    const res = await get('//evil.example/x');
    expect(res.headers.get('location') ?? '').not.to.match(/^\/\/|^https?:/);
  });
});

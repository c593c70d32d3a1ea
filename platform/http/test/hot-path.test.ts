import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import Koa from 'koa';
import pino from 'pino';
import type { ContributionProvider } from '@platform/core/contribution';
import type { HotPathContribution, HotPathRequest } from '../contribution-points';
import { withHotPaths } from '../hot-path';
import type { Site } from '../site';
import type { SiteService } from '../site-service';
import { rawRequest } from './support';

/** A hot path answering GET /hot/<anything> the way `answer` says, owned by module `owner`. */
function hotPath(answer: (r: HotPathRequest) => boolean | Promise<boolean>): HotPathContribution {
  return { matches: (method, path) => method === 'GET' && path.startsWith('/hot/'), handle: answer };
}

describe('hot paths (requests answered before the Koa pipeline)', () => {
  let server: http.Server;
  let url: string;
  // The dispatcher reads its list once: tests swap the contributions inside the same array.
  const list: HotPathContribution[] = [];
  const owners = new Map<HotPathContribution, string>();
  const use = (...entries: Array<[HotPathContribution, string]>) => {
    list.length = 0;
    owners.clear();
    for (const [c, owner] of entries) {
      list.push(c);
      owners.set(c, owner);
    }
  };
  let sitesCached = true;
  const site: Site = { id: 1, name: 'Site', domain: null, defaultLang: 'en_US', langs: ['en_US'], modules: new Set(['base', 'fast']), publicUserId: 3 };
  const logged: unknown[] = [];

  before(async () => {
    const app = new Koa();
    app.proxy = true;
    app.use((ctx) => {
      ctx.body = `koa ${ctx.path}`;
    });
    use([hotPath(() => false), 'fast']);
    const provider: ContributionProvider<HotPathContribution> = {
      getContributions: () => list,
      getContributionsFor: (enabled) => list.filter((c) => enabled(owners.get(c)!)),
      ownerOf: (c) => owners.get(c)!,
    };
    // Only the two calls the dispatcher makes; `cachedResolve` misses when `sitesCached` is false.
    const sites = {
      cachedResolve: () => (sitesCached ? site : undefined),
      resolve: async () => site,
    } as unknown as SiteService;
    const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) });
    server = http.createServer(withHotPaths(app, provider, sites, logger));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    sitesCached = true;
    logged.length = 0;
  });

  const redirecting = (to: string) => (r: HotPathRequest) => {
    r.reply(302, ['Location', `${to}?ip=${r.ip}`]);
    return true;
  };

  it('a synchronous answer is sent as is, with the referrer policy and an empty body', async () => {
    use([hotPath(redirecting('/sync')), 'fast']);
    const res = await rawRequest(url, '/hot/x', { headers: { 'X-Forwarded-For': '203.0.113.9, 10.0.0.1' } });
    expect(res.status).to.equal(302);
    // Behind one trusted proxy the client is the address that proxy appended, not what the client wrote.
    expect(res.headers.location).to.equal('/sync?ip=10.0.0.1');
    // The one security header that acts on a bodiless redirect; sniffing and framing concern a body.
    expect(res.headers['referrer-policy']).to.equal('strict-origin-when-cross-origin');
    expect(res.headers).not.to.have.any.keys('x-content-type-options', 'x-frame-options');
    expect(res.headers['content-length']).to.equal('0');
    expect(res.body).to.equal('');
  });

  it('an asynchronous answer works the same, also when the sites must be loaded first', async () => {
    use([hotPath(async (r) => redirecting('/async')(r)), 'fast']);
    expect((await rawRequest(url, '/hot/x')).headers.location).to.match(/^\/async/);
    sitesCached = false;
    expect((await rawRequest(url, '/hot/x')).headers.location).to.match(/^\/async/);
  });

  it('a declined request goes to the next hot path, then to Koa', async () => {
    use([hotPath(async () => false), 'fast'], [hotPath(redirecting('/second')), 'fast']);
    expect((await rawRequest(url, '/hot/x')).headers.location).to.match(/^\/second/);
    use([hotPath(() => false), 'fast']);
    const res = await rawRequest(url, '/hot/x');
    expect([res.status, res.body]).to.deep.equal([200, 'koa /hot/x']);
  });

  it('a hot path of a module disabled on the site is skipped', async () => {
    use([hotPath(redirecting('/never')), 'slow']);
    expect((await rawRequest(url, '/hot/x')).body).to.equal('koa /hot/x');
  });

  it('requests it does not match never reach it', async () => {
    let called = 0;
    use([hotPath(() => ++called > 0), 'fast']);
    expect((await rawRequest(url, '/other')).body).to.equal('koa /other');
    expect(called).to.equal(0);
  });

  it('a failing hot path (thrown or rejected) is logged and Koa answers instead', async () => {
    use([hotPath(() => {
      throw new Error('sync boom');
    }), 'fast']);
    expect((await rawRequest(url, '/hot/x')).body).to.equal('koa /hot/x');
    use([hotPath(async () => {
      throw new Error('async boom');
    }), 'fast']);
    expect((await rawRequest(url, '/hot/y')).body).to.equal('koa /hot/y');
    expect(logged.map((l) => (l as { err: { message: string } }).err.message)).to.deep.equal(['sync boom', 'async boom']);
  });
});

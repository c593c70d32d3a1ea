import http from 'node:http';
import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { allowLoopbackPreviews, LINK_GROUP, startTargetSite, userClient } from './support';

type Link = { id: number; url: string; title: string; code: string; short_url: string; campaign_id: [number, string] | false; count: number };

describe('link_tracker: /website_links calls and UTM models', () => {
  let tk: TestKernel;
  let site: Awaited<ReturnType<typeof startTargetSite>>;
  let marketer: RpcClient;
  let colleague: RpcClient;
  let employee: RpcClient;
  let visitor: RpcClient;
  let admin: RpcClient;

  before(async () => {
    tk = await bootTestKernel({ modules: ['link_tracker'], http: true });
    site = await startTargetSite();
    allowLoopbackPreviews(tk);
    marketer = await userClient(tk, 'marketer', [LINK_GROUP]);
    colleague = await userClient(tk, 'colleague', [LINK_GROUP]);
    employee = await userClient(tk, 'employee', ['base.group_user']);
    visitor = new RpcClient(tk.url);
    admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => {
    await site?.close();
    await tk?.stop();
  });

  const linkCount = () => tk.sudo().model('link.tracker').search_count([]);
  const newLink = (client: RpcClient, params: Record<string, unknown>) => client.rpc<Link[] | { error: string }>('/website_links/new', params);

  it('creates a link: short URL with a 3-character code, title fetched from the page', async () => {
    const [link] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page` });
    expect(link.url).to.equal(`${site.url}/page`);
    expect(link.title).to.equal('The & Page');
    expect(link.code).to.match(/^[A-Za-z0-9]{3}$/);
    expect(link.short_url).to.equal(`${tk.url}/r/${link.code}`);
    expect(link.campaign_id).to.equal(false);
    expect(link.count).to.equal(0);
  });

  it("short URLs are made on the site's configured base URL, whatever host the request named", async () => {
    await tk.sudo().model('website').write([1], { base_url: 'https://go.example.com' });
    try {
      const [link] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page?base=1` });
      expect(link.short_url).to.equal(`https://go.example.com/r/${link.code}`);
    } finally {
      await tk.sudo().model('website').write([1], { base_url: false });
    }
  });

  it("without a configured or recorded address, a stranger's Host is not stored: the short URL stays relative", async () => {
    const env = tk.sudo();
    const recorded = await env.db('ir_config_parameter').where({ key: 'web.base.url' }).first('value');
    await env.db('ir_config_parameter').where({ key: 'web.base.url' }).delete();
    try {
      // fetch() sets Host from the URL: a raw request names another host.
      const body = JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { url: `${site.url}/page?stranger=1` }, id: 1 });
      const answer = await new Promise<string>((resolve, reject) => {
        const req = http.request(`${tk.url}/website_links/new`, { method: 'POST', setHost: false, headers: { Host: 'evil.example', Cookie: marketer.cookie, 'Content-Type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString())).on('end', () => resolve(text));
        });
        req.on('error', reject);
        req.end(body);
      });
      const [link] = (JSON.parse(answer) as { result: Link[] }).result;
      expect(link.short_url).to.equal(`/r/${link.code}`);
    } finally {
      if (recorded) await env.db('ir_config_parameter').insert({ key: 'web.base.url', value: recorded.value });
    }
  });

  it('the same URL with the same UTM values gives back the same link; other values, another one', async () => {
    const [a] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page` });
    const [b] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page` });
    expect(b.id).to.equal(a.id);
    const campaign = await marketer.callKw<number>('utm.campaign', 'create', [{ name: 'Dedupe' }]);
    const [c] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page`, campaign_id: campaign });
    expect(c.id).to.not.equal(a.id);
    expect(c.campaign_id).to.deep.equal([campaign, 'Dedupe']);
  });

  it('follows redirects to read the title; an unreachable or private target falls back to the URL', async () => {
    const [moved] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/moved` });
    expect(moved.title).to.equal('The & Page');
    const [closed] = await marketer.call<Link[]>('/website_links/new', { url: 'http://127.0.0.1:1/nothing' });
    expect(closed.title).to.equal('http://127.0.0.1:1/nothing');
    const hitsBefore = site.hits.length;
    const [meta] = await marketer.call<Link[]>('/website_links/new', { url: 'http://169.254.169.254/latest/meta-data/' });
    expect(meta.title).to.equal('http://169.254.169.254/latest/meta-data/');
    expect(site.hits.length).to.equal(hitsBefore);
  });

  it('empty URL: {error: "empty_url"}; target answering 404: {error: "url_not_found"}; nothing written', async () => {
    const before = await linkCount();
    expect((await newLink(marketer, { url: '' })).result).to.deep.equal({ error: 'empty_url' });
    expect((await newLink(marketer, { url: '   ' })).result).to.deep.equal({ error: 'empty_url' });
    expect((await newLink(marketer, {})).result).to.deep.equal({ error: 'empty_url' });
    expect((await newLink(marketer, { url: `${site.url}/missing` })).result).to.deep.equal({ error: 'url_not_found' });
    expect(await linkCount()).to.equal(before);
  });

  it('bad input is refused with a clear error and nothing is written', async () => {
    const before = await linkCount();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ url: 'javascript:alert(1)' }, /Only http and https/],
      [{ url: 'ftp://example.com/file' }, /Only http and https/],
      [{ url: `https://example.com/${'x'.repeat(5000)}` }, /too long/],
      [{ url: 'http://' }, /not valid/],
      [{ url: 42 }, /url must be a string/],
      [{ url: 'https://example.com', campaign_id: 999999 }, /Unknown campaign/],
      [{ url: 'https://example.com', campaign_id: 'abc' }, /record id/],
      [{ url: 'https://example.com', owner: 3 }, /Unknown parameter/],
    ];
    for (const [params, message] of cases) {
      const answer = await newLink(marketer, params);
      expect(answer.error, JSON.stringify(params).slice(0, 60)).to.not.equal(undefined);
      expect(answer.error!.data.message).to.match(message);
      expect(answer.error!.data.name).to.equal('ValidationError');
    }
    expect(await linkCount()).to.equal(before);
  });

  it('only link tracker users (and administrators) may use the calls and the page', async () => {
    const before = await linkCount();
    const refused = await newLink(employee, { url: 'https://example.com/x' });
    expect(refused.error!.data.name).to.equal('AccessError');
    expect((await employee.rpc('/website_links/recent_links', { filter: 'newest', limit: 20 })).error!.data.name).to.equal('AccessError');
    expect((await employee.rpc('/website_links/add_code', { init_code: 'x', new_code: 'y' })).error!.data.name).to.equal('AccessError');
    expect((await employee.get('/r')).status).to.equal(403);
    expect(await linkCount()).to.equal(before);

    const anonymous = await newLink(visitor, { url: 'https://example.com/x' });
    expect(anonymous.error!.code).to.equal(100); // session expired: log in first
    const page = await visitor.get('/r');
    expect(page.status).to.equal(302);
    expect(page.headers.get('location')).to.match(/^\/web\/login\?redirect=%2Fr/);

    expect((await marketer.get('/r')).status).to.equal(200);
    const [link] = await admin.call<Link[]>('/website_links/new', { url: `${site.url}/page?from=admin` });
    expect(link.code).to.be.a('string');
  });

  it('employees without the group cannot create links or codes through call_kw either', async () => {
    const answer = await employee.rpc('/web/dataset/call_kw', { model: 'link.tracker', method: 'create', args: [{ url: 'https://evil.example' }], kwargs: {} });
    expect(answer.error!.data.name).to.equal('AccessError');
    const direct = await marketer.rpc('/web/dataset/call_kw', { model: 'link.tracker', method: 'create', args: [{ url: 'https://evil.example' }], kwargs: {} });
    expect(direct.error!.data.name, 'links are made through /website_links/new only').to.equal('AccessError');
    const code = await marketer.rpc('/web/dataset/call_kw', { model: 'link.tracker.code', method: 'create', args: [{ code: 'zz', link_id: 1 }], kwargs: {} });
    expect(code.error!.data.name).to.equal('AccessError');
  });

  describe('add_code', () => {
    let link: Link;
    before(async () => {
      [link] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page?codes=1` });
    });

    it('gives the link a new code, which becomes its short URL; the old code keeps redirecting', async () => {
      const [result] = await marketer.call<Array<{ id: number; code: string; link_id: [number, string] }>>('/website_links/add_code', { init_code: link.code, new_code: 'spring-2026' });
      expect(result.code).to.equal('spring-2026');
      expect(result.link_id[0]).to.equal(link.id);
      const [reread] = await tk.sudo().model('link.tracker').read([link.id], ['code', 'short_url']);
      expect(reread.code).to.equal('spring-2026');
      expect(reread.short_url).to.equal(`${tk.url}/r/spring-2026`);
      for (const code of [link.code, 'spring-2026']) {
        const res = await marketer.get(`/r/${code}`);
        expect(res.status, code).to.equal(301);
        expect(res.headers.get('location')).to.equal(`${site.url}/page?codes=1`);
      }
    });

    it('an empty code: "The code cannot be left empty"', async () => {
      for (const new_code of ['', '   ', null]) {
        const answer = await marketer.rpc('/website_links/add_code', { init_code: 'spring-2026', new_code });
        expect(answer.error!.data.message).to.equal('The code cannot be left empty');
      }
    });

    it('a code of another link: "This code is already taken"', async () => {
      const [other] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page?other=1` });
      const before = await tk.sudo().model('link.tracker.code').search_count([]);
      const answer = await marketer.rpc('/website_links/add_code', { init_code: other.code, new_code: 'spring-2026' });
      expect(answer.error!.data.message).to.equal('This code is already taken');
      expect(await tk.sudo().model('link.tracker.code').search_count([])).to.equal(before);
      const [again] = await tk.sudo().model('link.tracker').read([other.id], ['code']);
      expect(again.code).to.equal(other.code);
    });

    it("another user's link cannot be given a code: its code answers like an unknown one", async () => {
      const [before] = await tk.sudo().model('link.tracker').read([link.id], ['code', 'short_url']);
      const answer = await colleague.rpc('/website_links/add_code', { init_code: String(before.code), new_code: 'hijacked' });
      expect(answer.error!.data.name).to.equal('MissingError');
      expect(answer.error!.data.message).to.equal('This link does not exist');
      expect((await tk.sudo().model('link.tracker').read([link.id], ['code', 'short_url']))[0]).to.deep.equal(before);
      expect(await tk.sudo().model('link.tracker.code').search_count([['code', '=', 'hijacked']])).to.equal(0);
    });

    it('a link tracker manager may give any link a code', async () => {
      const manager = await userClient(tk, 'codes-manager', ['link_tracker.group_link_tracker_manager']);
      const [before] = await tk.sudo().model('link.tracker').read([link.id], ['code']);
      const [result] = await manager.call<Array<{ code: string; link_id: [number, string] }>>('/website_links/add_code', { init_code: String(before.code), new_code: 'by-manager' });
      expect(result.link_id[0]).to.equal(link.id);
      await marketer.call('/website_links/add_code', { init_code: 'by-manager', new_code: String(before.code) });
    });

    it('an older code of the same link becomes current again; unknown and malformed codes are refused', async () => {
      const [back] = await marketer.call<Array<{ code: string }>>('/website_links/add_code', { init_code: 'spring-2026', new_code: link.code });
      expect(back.code).to.equal(link.code);
      expect((await tk.sudo().model('link.tracker').read([link.id], ['code']))[0].code).to.equal(link.code);
      expect((await marketer.rpc('/website_links/add_code', { init_code: 'no-such-code', new_code: 'abc123' })).error!.data.name).to.equal('MissingError');
      for (const bad of ['a b', 'slash/code', 'plus+', 'x'.repeat(65), 'é']) {
        const answer = await marketer.rpc('/website_links/add_code', { init_code: link.code, new_code: bad });
        expect(answer.error!.data.name, bad).to.equal('ValidationError');
      }
    });
  });

  describe('recent_links', () => {
    it('lists the caller\'s own links, newest first, limited', async () => {
      const mine = await marketer.call<Link[]>('/website_links/recent_links', { filter: 'newest', limit: 20 });
      const own = await tk.sudo().model('link.tracker').search_count([['create_uid.login', '=', 'marketer']]).catch(() => null);
      expect(mine.length).to.be.greaterThan(3);
      if (own !== null) expect(mine.length).to.equal(own);
      const ids = mine.map((l) => l.id);
      expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
      expect(await marketer.call<Link[]>('/website_links/recent_links', { filter: 'newest', limit: 2 })).to.have.length(2);
      expect(await colleague.call<Link[]>('/website_links/recent_links', { filter: 'newest', limit: 20 })).to.deep.equal([]);
    });

    it('most-clicked and recently-used list only clicked links, in their order', async () => {
      const [a] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page?clicks=a` });
      const [b] = await marketer.call<Link[]>('/website_links/new', { url: `${site.url}/page?clicks=b` });
      // Links clicked by earlier tests may be listed (clicks are flushed in batches); a and b are not yet.
      const ours = (links: Link[]) => links.map((l) => l.id).filter((id) => id === a.id || id === b.id);
      expect(ours(await marketer.call<Link[]>('/website_links/recent_links', { filter: 'most-clicked', limit: 20 }))).to.deep.equal([]);
      await tk.sudo().model('link.tracker').write([a.id], { count: 5, last_click_date: '2026-01-01 10:00:00' });
      await tk.sudo().model('link.tracker').write([b.id], { count: 2, last_click_date: '2026-02-01 10:00:00' });
      const most = await marketer.call<Link[]>('/website_links/recent_links', { filter: 'most-clicked', limit: 20 });
      expect(ours(most)).to.deep.equal([a.id, b.id]);
      expect(most.every((l, i) => i === 0 || Number(most[i - 1].count) >= Number(l.count))).to.equal(true);
      const used = await marketer.call<Link[]>('/website_links/recent_links', { filter: 'recently-used', limit: 20 });
      expect(ours(used)).to.deep.equal([b.id, a.id]);
    });

    it('an unknown filter or a bad limit is refused', async () => {
      expect((await marketer.rpc('/website_links/recent_links', { filter: 'oldest', limit: 20 })).error!.data.message).to.equal("This filter doesn't exist.");
      expect((await marketer.rpc('/website_links/recent_links', { filter: 'newest', limit: 0 })).error!.data.name).to.equal('ValidationError');
      expect((await marketer.rpc('/website_links/recent_links', { filter: 'newest', limit: 'all' })).error!.data.name).to.equal('ValidationError');
    });
  });

  describe('utm.campaign, utm.medium, utm.source through call_kw', () => {
    for (const model of ['utm.campaign', 'utm.medium', 'utm.source']) {
      it(`${model}: search_read and create by name; a name differing only in case is refused`, async () => {
        const id = await marketer.callKw<number>(model, 'create', [{ name: 'Newsletter' }]);
        const found = await marketer.callKw<Array<{ id: number; name: string }>>(model, 'search_read', [[['name', 'ilike', 'newsletter']], ['id', 'name']]);
        expect(found).to.deep.equal([{ id, name: 'Newsletter' }]);
        const before = await tk.sudo().model(model).search_count([]);
        for (const twin of ['NEWSLETTER', 'newsletter']) {
          const answer = await marketer.rpc('/web/dataset/call_kw', { model, method: 'create', args: [{ name: twin }], kwargs: {} });
          expect(answer.error!.data.name).to.equal('ValidationError');
          expect(answer.error!.data.message).to.match(/already exists/);
        }
        expect(await tk.sudo().model(model).search_count([])).to.equal(before);
        const denied = await employee.rpc('/web/dataset/call_kw', { model, method: 'create', args: [{ name: 'Sneaky' }], kwargs: {} });
        expect(denied.error!.data.name).to.equal('AccessError');
        expect((await visitor.rpc('/web/dataset/call_kw', { model, method: 'search_read', args: [[], ['name']], kwargs: {} })).error!.data.name).to.equal('AccessError');
      });
    }
  });
});

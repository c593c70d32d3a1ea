import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { loadConfig } from '@platform/core';
import { EnvFactory } from '@platform/orm';
import { SiteService } from '@platform/http';
import { ADMIN_PASSWORD, bootTestKernel, createThrowawayDatabase, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { freePort, Kernel, openDatabase, SiteProcess, startServer } from '../../../test/support/kernel';
import { ClickRecorder } from '../server/services/click-recorder';
import { BROWSER_UA, LINK_GROUP, userClient } from './support';

type Link = { id: number; code: string; short_url: string };

describe('link_tracker: GET /r/<code>, clicks and statistics', () => {
  let tk: TestKernel;
  let marketer: RpcClient;
  let employee: RpcClient;
  let link: Link;
  const savedProxy = process.env.TRUST_PROXY;

  before(async () => {
    // Behind a proxy the visitor's address comes from X-Forwarded-For: lets the test pick countries.
    process.env.TRUST_PROXY = '1';
    tk = await bootTestKernel({ modules: ['link_tracker'], http: true });
    marketer = await userClient(tk, 'marketer', [LINK_GROUP]);
    employee = await userClient(tk, 'employee', ['base.group_user']);
    const sudo = tk.sudo();
    const [campaign, medium, source] = await Promise.all([
      sudo.model('utm.campaign').create({ name: 'Spring sale' }),
      sudo.model('utm.medium').create({ name: 'E-mail' }),
      sudo.model('utm.source').create({ name: 'News & letters' }),
    ]);
    // An unreachable target keeps the test off the network: the link is made, titled with its URL.
    [link] = await marketer.call<Link[]>('/website_links/new', {
      url: 'http://127.0.0.1:1/landing?a=1#part', campaign_id: campaign, medium_id: medium, source_id: source,
    });
  });
  after(async () => {
    if (savedProxy === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = savedProxy;
    await tk?.stop();
  });

  const recorder = () => tk.kernel.container.get(ClickRecorder);
  const visit = (code: string, ip = '8.8.8.8', ua = BROWSER_UA) =>
    fetch(`${tk.url}/r/${code}`, { redirect: 'manual', headers: { 'User-Agent': ua, 'X-Forwarded-For': ip } });
  const counters = async () => (await tk.sudo().model('link.tracker').read([link.id], ['count', 'unique_count', 'last_click_date']))[0];

  it('answers 301 to the target with the UTM names, its query and fragment kept; never cached; no session', async () => {
    const res = await visit(link.code);
    expect(res.status).to.equal(301);
    expect(res.headers.get('location')).to.equal('http://127.0.0.1:1/landing?a=1&utm_campaign=Spring%20sale&utm_medium=E-mail&utm_source=News%20%26%20letters#part');
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(res.headers.getSetCookie()).to.deep.equal([]);
  });

  it("passes the visitor's query on, except parameters the target already has; also through a language prefix", async () => {
    for (const path of [`/r/${link.code}?ref=tw&a=9&utm_medium=x`, `/fr/r/${link.code}?ref=tw&a=9&utm_medium=x`]) {
      // As a crawler, so that these visits do not change the click counts the next tests check.
      const res = await fetch(tk.url + path, { redirect: 'manual', headers: { 'User-Agent': 'Googlebot/2.1' } });
      expect(res.status, path).to.equal(301);
      expect(res.headers.get('location'), path)
        .to.equal('http://127.0.0.1:1/landing?a=1&utm_campaign=Spring%20sale&utm_medium=E-mail&utm_source=News%20%26%20letters&ref=tw#part');
    }
  });

  it('an unknown code answers the 404 page, and records nothing', async () => {
    await recorder().flush();
    const before = await tk.sudo().model('link.tracker.click').search_count([]);
    for (const code of ['nope', 'n%C3%A9', 'x'.repeat(300)]) {
      const res = await visit(code);
      expect(res.status, code).to.equal(404);
      expect(res.headers.get('content-type')).to.match(/html/);
      expect(await res.text()).to.contain('This link does not exist.');
    }
    await recorder().flush();
    expect(await tk.sudo().model('link.tracker.click').search_count([])).to.equal(before);
  });

  it('records one click per visit with country and address, counts unique visitors separately, skips bots', async () => {
    await recorder().flush();
    const start = await counters();
    const clicksBefore = await tk.sudo().model('link.tracker.click').search_count([['link_id', '=', link.id]]);
    await visit(link.code, '81.2.69.160');
    await visit(link.code, '81.2.69.160');
    await visit(link.code, '8.8.4.4');
    await visit(link.code, '66.249.66.1', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await visit(link.code, '66.249.66.2', '');
    await recorder().flush();
    expect(recorder().pendingCount).to.equal(0);

    const after = await counters();
    expect(after.count).to.equal(Number(start.count) + 3);
    expect(after.unique_count).to.equal(Number(start.unique_count) + 2);
    expect(after.last_click_date).to.be.a('string');
    const rows = await tk.sudo().model('link.tracker.click').search_read([['link_id', '=', link.id]], ['ip', 'country_id'], { order: 'id desc', limit: 3 });
    expect(rows.map((r) => r.ip)).to.deep.equal(['8.8.4.4', '81.2.69.160', '81.2.69.160']);
    expect(rows.map((r) => (r.country_id as [number, string])[1])).to.deep.equal(['United States', 'United Kingdom', 'United Kingdom']);
    expect(await tk.sudo().model('link.tracker.click').search_count([['link_id', '=', link.id]])).to.equal(clicksBefore + 3);

    // An address seen in an earlier batch is no new visitor.
    await visit(link.code, '81.2.69.160');
    await recorder().flush();
    expect((await counters()).unique_count).to.equal(after.unique_count);
    expect((await counters()).count).to.equal(Number(after.count) + 1);
  });

  it('writes each click to the database within ~100 ms of its redirect, with no stop or explicit flush', async () => {
    // The journal keeps a killed process's clicks (tests below); this is how fresh the statistics are.
    const sudo = tk.sudo();
    const linkId = await sudo.model('link.tracker').create({ url: 'https://example.com/soon' });
    await sudo.model('link.tracker.code').create({ code: 'soon', link_id: linkId });
    await recorder().flush();
    expect(recorder().flushDelayMs).to.equal(100);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ip = `10.77.0.${i}`;
      expect((await visit('soon', ip)).status).to.equal(301);
      const answered = Date.now();
      while (!(await tk.kernel.db('link_tracker_click').where({ ip }).first('id'))) {
        if (Date.now() - answered > 5000) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      delays.push(Date.now() - answered);
      await new Promise((r) => setTimeout(r, 50 + 70 * i)); // visits at varied moments of any flush cycle
    }
    // 100 ms plus a write, plus up to 900 ms of a loaded machine (250 ms failed once at load 10). Still
    // fails when clicks wait for a flush or a stop (5 s), or when the period is 1 s again (each click
    // starts the timer: then every delay is over 1,000 ms).
    expect(Math.max(...delays), `delays ${delays.join(', ')} ms`).to.be.below(1000);
  });

  it('records clicks from private addresses without a country, for anyone (no login)', async () => {
    await visit(link.code, '10.1.2.3');
    await recorder().flush();
    const [row] = await tk.sudo().model('link.tracker.click').search_read([['ip', '=', '10.1.2.3']], ['country_id', 'link_id']);
    expect(row.country_id).to.equal(false);
    expect((row.link_id as [number, string])[0]).to.equal(link.id);
  });

  it('HEAD requests (link checkers, previews) are answered but not counted', async () => {
    await recorder().flush();
    const res = await fetch(`${tk.url}/r/${link.code}`, { method: 'HEAD', redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
    expect(res.status).to.equal(301);
    expect(recorder().pendingCount).to.equal(0);
  });

  it('on a site where the module is disabled, /r/<code> answers 404 and records nothing', async () => {
    await recorder().flush();
    const sites = tk.kernel.container.get(SiteService);
    const [site] = await sites.all();
    await sites.disable(site.id, ['link_tracker']);
    try {
      const res = await visit(link.code);
      expect(res.status).to.equal(404);
      expect(recorder().pendingCount).to.equal(0);
    } finally {
      await sites.enable(site.id, ['link_tracker'], tk.kernel.installedNames);
    }
    expect((await visit(link.code)).status).to.equal(301);
  });

  it('a new code of the link redirects at once (the code cache is invalidated on write)', async () => {
    await visit(link.code);
    await marketer.call('/website_links/add_code', { init_code: link.code, new_code: 'fresh' });
    const res = await visit('fresh');
    expect(res.status).to.equal(301);
    expect(res.headers.get('location')).to.contain('/landing?a=1&utm_campaign=');
    await recorder().flush();
  });

  describe('statistics', () => {
    it('search_count and read_group by day and by country, all time and last 7 / 30 days', async () => {
      const sudo = tk.sudo();
      const old = await sudo.model('link.tracker.click').create({ link_id: link.id, ip: '8.8.8.8', create_date: '2020-01-15 12:00:00' });
      expect(old).to.be.a('number');
      const all = [['link_id', '=', link.id]];
      const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      const week = [...all, ['create_date', '>=', `${day(6)} 00:00:00`]];
      const month = [...all, ['create_date', '>=', `${day(29)} 00:00:00`]];
      const total = await marketer.callKw<number>('link.tracker.click', 'search_count', [all]);
      expect(await marketer.callKw<number>('link.tracker.click', 'search_count', [week])).to.equal(total - 1);
      expect(await marketer.callKw<number>('link.tracker.click', 'search_count', [month])).to.equal(total - 1);

      const byDay = await marketer.callKw<Array<Record<string, unknown>>>('link.tracker.click', 'read_group', [all, ['create_date'], ['create_date:day']], { lazy: true });
      expect(byDay[0]['create_date:day']).to.equal('15 Jan 2020');
      expect(byDay[0].create_date_count).to.equal(1);
      expect(byDay.reduce((n, g) => n + Number(g.create_date_count), 0)).to.equal(total);
      const weekByDay = await marketer.callKw<Array<Record<string, unknown>>>('link.tracker.click', 'read_group', [week, ['create_date'], ['create_date:day']]);
      expect(weekByDay.reduce((n, g) => n + Number(g.create_date_count), 0)).to.equal(total - 1);

      const byCountry = await marketer.callKw<Array<Record<string, unknown>>>('link.tracker.click', 'read_group', [month, ['country_id'], ['country_id']], { orderby: 'country_id_count desc' });
      const named = Object.fromEntries(byCountry.map((g) => [g.country_id ? (g.country_id as [number, string])[1] : 'none', g.country_id_count]));
      expect(named['United Kingdom']).to.equal(3);
      expect(named['none']).to.equal(1);
      expect(byCountry.reduce((n, g) => n + Number(g.country_id_count), 0)).to.equal(total - 1);
    });

    it('visitors and employees without the group may not read clicks', async () => {
      const visitor = new RpcClient(tk.url);
      for (const client of [visitor, employee]) {
        const answer = await client.rpc('/web/dataset/call_kw', { model: 'link.tracker.click', method: 'search_count', args: [[]], kwargs: {} });
        expect(answer.error!.data.name).to.equal('AccessError');
        const create = await client.rpc('/web/dataset/call_kw', { model: 'link.tracker.click', method: 'create', args: [{ link_id: link.id }], kwargs: {} });
        expect(create.error!.data.name).to.equal('AccessError');
      }
      const forged = await marketer.rpc('/web/dataset/call_kw', { model: 'link.tracker.click', method: 'create', args: [{ link_id: link.id }], kwargs: {} });
      expect(forged.error!.data.name, 'clicks are recorded by the redirect only').to.equal('AccessError');
    });

    it('/r/<code>+ shows the statistics page to link tracker users, by any of the link\'s codes', async () => {
      for (const code of [link.code, 'fresh']) {
        const res = await marketer.get(`/r/${code}+`);
        expect(res.status, code).to.equal(200);
        const html = await res.text();
        expect(html).to.contain('data-island="link_tracker.link_stats"');
        expect(html).to.contain('http://127.0.0.1:1/landing?a=1#part');
      }
      expect((await marketer.get('/r/unknown-code+')).status).to.equal(404);
      expect((await employee.get(`/r/${link.code}+`)).status).to.equal(403);
      const anonymous = await new RpcClient(tk.url).get(`/r/${link.code}+`);
      expect(anonymous.status).to.equal(302);
      expect(anonymous.headers.get('location')).to.match(/^\/web\/login\?redirect=/);
    });

    it("another link tracker user neither opens a link's statistics nor reads the link, its codes or its clicks; managers do", async () => {
      const colleague = await userClient(tk, 'colleague', [LINK_GROUP]);
      expect((await colleague.get(`/r/${link.code}+`)).status).to.equal(404);
      expect(await colleague.callKw('link.tracker', 'search_read', [[], ['url', 'code']])).to.deep.equal([]);
      expect(await colleague.callKw('link.tracker.code', 'search_count', [[]])).to.equal(0);
      expect(await colleague.callKw('link.tracker.click', 'search_count', [[['link_id', '=', link.id]]])).to.equal(0);
      expect(await colleague.callKw('link.tracker.click', 'read_group', [[], ['country_id'], ['country_id']])).to.deep.equal([]);
      const read = await colleague.rpc('/web/dataset/call_kw', { model: 'link.tracker', method: 'read', args: [[link.id], ['url']], kwargs: {} });
      expect(read.error!.data.name).to.equal('AccessError');
      // Its own links are its own: the owner still sees everything.
      expect(await marketer.callKw<number>('link.tracker.click', 'search_count', [[['link_id', '=', link.id]]])).to.be.above(0);

      const manager = await userClient(tk, 'manager', ['link_tracker.group_link_tracker_manager']);
      expect((await manager.get(`/r/${link.code}+`)).status).to.equal(200);
      expect(await manager.callKw<number>('link.tracker.click', 'search_count', [[['link_id', '=', link.id]]])).to.be.above(0);
      expect((await manager.callKw<Array<{ id: number }>>('link.tracker', 'read', [[link.id], ['url']]))[0].id).to.equal(link.id);
    });

    it('/r shows the creation page with its island', async () => {
      const html = await (await marketer.get('/r')).text();
      expect(html).to.contain('data-island="link_tracker.link_form"');
    });

    it('the site menu links to /r for link tracker users and administrators only', async () => {
      const menuLinks = async (client: RpcClient) => [...(await (await client.get('/')).text()).matchAll(/<li class="nav-item[^"]*"><a class="nav-link" href="([^"]+)"[^>]*>([^<]+)<\/a><\/li>/g)].map((m) => `${m[2]} ${m[1]}`);
      const admin = new RpcClient(tk.url);
      await admin.authenticate('admin', ADMIN_PASSWORD);
      expect(await menuLinks(marketer)).to.include('Link Tracker /r');
      expect(await menuLinks(admin)).to.include('Link Tracker /r');
      for (const client of [employee, new RpcClient(tk.url)]) {
        const links = await menuLinks(client);
        expect(links).to.include('Home /');
        expect(links.join()).not.to.contain('/r');
      }
    });
  });
});

describe('link_tracker: no click lost on a clean shutdown', () => {
  it('clicks still buffered when the server stops are written before the database closes', async function () {
    this.timeout(60_000);
    const database = await createThrowawayDatabase();
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, adminPassword: 'admin-pass-123', demo: false };
      const kernel = await Kernel.boot({ config, install: ['link_tracker'], autoInstall: false });
      const server = await startServer(kernel, 0, { scheduler: false });
      kernel.container.get(ClickRecorder).flushDelayMs = 60_000; // keeps the clicks in memory until the stop
      const env = kernel.container.get(EnvFactory).superuser();
      const linkId = await env.model('link.tracker').create({ url: 'https://example.com/' });
      await env.model('link.tracker.code').create({ code: 'bye', link_id: linkId });
      const visits = 40;
      for (let i = 0; i < visits; i++) {
        const res = await fetch(`http://127.0.0.1:${server.port}/r/bye`, { redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
        expect(res.status).to.equal(301);
      }
      expect(kernel.container.get(ClickRecorder).pendingCount, 'still in memory').to.be.greaterThan(0);
      await server.stop();

      const db = openDatabase(database.url);
      try {
        const clicks = await db('link_tracker_click').where({ link_id: linkId }).count({ n: '*' }).first();
        const row = await db('link_tracker').where({ id: linkId }).first('count', 'unique_count');
        expect(Number(clicks?.n)).to.equal(visits);
        expect(Number(row.count)).to.equal(visits);
        expect(Number(row.unique_count)).to.equal(1);
      } finally {
        await db.destroy();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('link_tracker: a killed process', () => {
  it('loses no click answered 300 ms before a SIGKILL (clicks are written within 100 ms)', async function () {
    this.timeout(90_000);
    const database = await createThrowawayDatabase();
    let site: SiteProcess | undefined;
    let journalDir: string | undefined;
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, adminPassword: 'admin-pass-123', demo: false };
      const kernel = await Kernel.boot({ config, install: ['link_tracker'], autoInstall: false });
      const env = kernel.container.get(EnvFactory).superuser();
      const linkId = await env.model('link.tracker').create({ url: 'https://example.com/' });
      await env.model('link.tracker.code').create({ code: 'kill', link_id: linkId });
      await kernel.stop();

      // Its journal in a directory of the test's own (on PostgreSQL it would be under the repository's data/).
      journalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'click-journal-'));
      site = SiteProcess.spawn({ PORT: String(await freePort()), DATABASE_URL: database.url, WORKERS: '1', LINK_CLICK_JOURNAL_DIR: journalDir });
      await site.waitForLog((l) => l.msg.startsWith('serving on'), 60_000);
      // A second of redirects from 8 clients, then a pause shorter than the old 1 s flush period.
      let answered = 0;
      const until = Date.now() + 1000;
      await Promise.all(Array.from({ length: 8 }, async () => {
        while (Date.now() < until) {
          const res = await fetch(`${site!.url}/r/kill`, { redirect: 'manual', headers: { 'User-Agent': BROWSER_UA } });
          if (res.status === 301) answered++;
        }
      }));
      await new Promise((r) => setTimeout(r, 300));
      site.kill('SIGKILL');
      await site.exited;

      const db = openDatabase(database.url);
      try {
        const clicks = await db('link_tracker_click').where({ link_id: linkId }).count({ n: '*' }).first();
        expect(answered).to.be.greaterThan(50);
        expect(Number(clicks?.n)).to.equal(answered);
      } finally {
        await db.destroy();
      }
    } finally {
      site?.kill('SIGKILL');
      if (journalDir) fs.rmSync(journalDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});

import { expect } from 'chai';
import type { Knex } from 'knex';
import { UserAccounts } from '@platform/base';
import { UserDirectory } from '@platform/http';
import { DatabaseToken } from '@platform/core';
import { EnvFactory } from '@platform/orm';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { writeClicks, type PendingClick } from '../server/services/click-writer';
import { rebuildRollup } from '../server/services/click-rollup';
import { rebuildVisitors, VISITOR_TABLE } from '../server/services/click-visitors';
import { LINK_GROUP } from './support';

type Group = Record<string, unknown>;

/** A small deterministic generator (mulberry32): the same "random" clicks on every run and database. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Clicks per link, day and country are kept in a rollup by the click flusher (and by the ORM for clicks
 * it writes); read_group by day or country answers from it when the domain, the record rules and the
 * groupbys allow, with exactly the counts of a full scan of the clicks.
 */
describe('link_tracker: click rollup (read_group by day and country)', function () {
  this.timeout(120_000);
  let tk: TestKernel;
  let db: Knex;
  let links: number[];
  let countries: number[];
  let ownerUid: number;
  /** Every click the flusher wrote, as generated. */
  const flushed: PendingClick[] = [];
  const rand = random(20261127);
  const pick = <T,>(list: T[]): T => list[Math.floor(rand() * list.length)];

  /** read_group with the SQL it ran: did it read the rollup or the clicks? */
  async function grouped(env: ReturnType<TestKernel['sudo']>, domain: unknown[], fields: string[], groupby: string[], opts: Record<string, unknown> = {}) {
    const sqls: string[] = [];
    const listener = (q: { sql: string }) => sqls.push(q.sql);
    db.on('query', listener);
    try {
      const groups = await env.model('link.tracker.click').read_group(domain as never, fields, groupby, opts);
      return { groups, fromRollup: sqls.some((s) => s.includes('link_tracker_click_rollup')), fromClicks: sqls.some((s) => /from "?link_tracker_click"? /i.test(s)) };
    } finally {
      db.off('query', listener);
    }
  }

  /** The same groups counted from every click, in plain SQL (the truth). */
  async function fullScan(where: (q: Knex.QueryBuilder) => void, by: 'day' | 'country'): Promise<Map<string, number>> {
    const rows: Array<{ k: unknown; n: number }> = await db('link_tracker_click').modify(where)
      .select(db.raw(by === 'day' ? `substr(CAST(create_date AS TEXT), 1, 10) AS k` : 'country_id AS k'), db.raw('COUNT(*) AS n'))
      .groupByRaw(by === 'day' ? 'substr(CAST(create_date AS TEXT), 1, 10)' : 'country_id');
    return new Map(rows.map((r) => [r.k === null ? 'none' : String(r.k), Number(r.n)]));
  }

  const byDay = (groups: Group[]) => new Map(groups.map((g) => [String((g.__domain as unknown[][]).find((c) => c[0] === 'create_date' && c[1] === '>=')![2]).slice(0, 10), Number(g.create_date_count ?? g.__count)]));
  const byCountry = (groups: Group[]) => new Map(groups.map((g) => [g.country_id ? String((g.country_id as [number, string])[0]) : 'none', Number(g.country_id_count ?? g.__count)]));

  before(async () => {
    tk = await bootTestKernel({ modules: ['link_tracker'] });
    db = tk.get<Knex>(DatabaseToken);
    ownerUid = await tk.get(UserAccounts).create({ name: 'Marketer', login: 'marketer', password: 'marketer-pass-1', groups: [LINK_GROUP] });
    links = [];
    for (let i = 0; i < 3; i++) links.push(await tk.sudo().model('link.tracker').create({ url: `https://example.com/${i}` }));
    // One link belongs to the marketer (rules: users see the clicks of their own links).
    await db('link_tracker').where({ id: links[0] }).update({ create_uid: ownerUid });
    countries = (await db('res_country').whereIn('code', ['US', 'FR', 'DE', 'JP']).select('id')).map((r: { id: number }) => Number(r.id));
    // Clicks through the flusher, in several batches, over 40 days at random times, some without a country.
    const now = Date.parse('2026-11-27T12:00:00Z');
    for (let batch = 0; batch < 6; batch++) {
      const clicks: PendingClick[] = [];
      for (let i = 0; i < 400; i++) {
        const at = new Date(now - Math.floor(rand() * 40 * 86_400_000)).toISOString().slice(0, 19).replace('T', ' ');
        clicks.push({ linkId: pick(links), ip: `203.0.113.${Math.floor(rand() * 200)}`, countryId: rand() < 0.15 ? null : pick(countries), at });
      }
      await db.transaction((trx) => writeClicks(trx, clicks));
      flushed.push(...clicks);
    }
    // Clicks created, changed and deleted through the ORM (demo data, an administrator).
    const sudo = tk.sudo();
    const created = await sudo.model('link.tracker.click').create(Array.from({ length: 30 }, (_, i) => ({
      link_id: pick(links), ip: '198.51.100.7', country_id: i % 3 ? pick(countries) : false, create_date: `2026-11-${String(1 + (i % 20)).padStart(2, '0')} 0${i % 10}:30:00`,
    })));
    await sudo.model('link.tracker.click').write(created.slice(0, 5), { country_id: countries[0] });
    await sudo.model('link.tracker.click').write(created.slice(5, 8), { create_date: '2026-10-30 23:59:59', link_id: links[1] });
    await sudo.model('link.tracker.click').unlink(created.slice(8, 12));
    const someFlushed = (await db('link_tracker_click').whereNot('ip', '198.51.100.7').orderBy('id').limit(7).select('id')).map((r: { id: number }) => Number(r.id));
    await sudo.model('link.tracker.click').unlink(someFlushed);
  });
  after(async () => tk?.stop());

  it('counts per day and per country equal a full scan, all links and per link, answered from the rollup', async () => {
    const sudo = tk.sudo();
    for (const link of [null, ...links]) {
      const domain = link ? [['link_id', '=', link]] : [];
      const where = (q: Knex.QueryBuilder) => void (link ? q.where('link_id', link) : q);
      const days = await grouped(sudo, domain, ['create_date'], ['create_date:day']);
      expect(days.fromRollup && !days.fromClicks, 'by day from the rollup').to.equal(true);
      expect(byDay(days.groups)).to.deep.equal(await fullScan(where, 'day'));
      const perCountry = await grouped(sudo, domain, ['country_id'], ['country_id']);
      expect(perCountry.fromRollup && !perCountry.fromClicks, 'by country from the rollup').to.equal(true);
      expect(byCountry(perCountry.groups)).to.deep.equal(await fullScan(where, 'country'));
    }
  });

  it('a period (from a day start) and a country filter are answered from the rollup too, with the same labels and domains', async () => {
    const sudo = tk.sudo();
    const domain = [['link_id', 'in', links.slice(0, 2)], ['create_date', '>=', '2026-11-01 00:00:00'], ['create_date', '<', '2026-11-20 00:00:00'], ['country_id', '!=', false]];
    const fast = await grouped(sudo, domain, ['create_date'], ['create_date:day'], { orderby: 'create_date desc' });
    expect(fast.fromRollup).to.equal(true);
    expect(byDay(fast.groups)).to.deep.equal(await fullScan((q) => void q.whereIn('link_id', links.slice(0, 2)).where('create_date', '>=', '2026-11-01 00:00:00').where('create_date', '<', '2026-11-20 00:00:00').whereNotNull('country_id'), 'day'));
    // The same call made to count the clicks (a condition the rollup cannot answer: the address) agrees on shape.
    const slow = await grouped(sudo, [...domain, ['ip', '!=', 'no such address']], ['create_date'], ['create_date:day'], { orderby: 'create_date desc' });
    expect(slow.fromRollup).to.equal(false);
    expect(fast.groups.map((g) => ({ ...g, __domain: undefined }))).to.deep.equal(slow.groups.map((g) => ({ ...g, __domain: undefined })));
    expect(fast.groups.length).to.be.greaterThan(10);
    expect(fast.groups.map((g) => g['create_date:day'])).to.deep.equal(slow.groups.map((g) => g['create_date:day']));
    expect(fast.groups[0]['create_date:day']).to.equal('19 Nov 2026'); // newest first, as asked
  });

  it('unique visitors: each link counts the distinct addresses of its flushed clicks, and every address that clicked is seen once', async () => {
    const visitors = async () => new Set((await db(VISITOR_TABLE).select('link_id', 'ip')).map((r: { link_id: number; ip: string }) => `${r.link_id}|${r.ip}`));
    const seen = await visitors();
    const clicked = (await db('link_tracker_click').distinct('link_id', 'ip')).map((r: { link_id: number; ip: string }) => `${r.link_id}|${r.ip}`);
    for (const pair of clicked) expect(seen.has(pair), pair).to.equal(true);
    for (const link of links) {
      const distinct = new Set(flushed.filter((c) => c.linkId === link).map((c) => c.ip)).size;
      const row = await db('link_tracker').where({ id: link }).first('unique_count');
      expect(Number(row.unique_count), `link ${link}`).to.equal(distinct);
    }
    // A batch of known and new addresses: only the new ones count.
    const before = Number((await db('link_tracker').where({ id: links[2] }).first('unique_count')).unique_count);
    const known = flushed.find((c) => c.linkId === links[2])!.ip;
    await db.transaction((trx) => writeClicks(trx, [known, '192.0.2.1', '192.0.2.1', '192.0.2.2'].map((ip) => ({ linkId: links[2], ip, countryId: null, at: '2026-11-27 12:00:00' }))));
    expect(Number((await db('link_tracker').where({ id: links[2] }).first('unique_count')).unique_count)).to.equal(before + 2);
    // The migration's fill, from the clicks alone, gives every address that clicked.
    await db(VISITOR_TABLE).delete();
    await rebuildVisitors(db);
    const refilled = await visitors();
    expect([...refilled].sort()).to.deep.equal([...new Set((await db('link_tracker_click').distinct('link_id', 'ip')).map((r: { link_id: number; ip: string }) => `${r.link_id}|${r.ip}`))].sort());
  });

  it('falls back to the clicks when the rollup cannot answer (a period not on a day start, another field, sums)', async () => {
    const sudo = tk.sudo();
    for (const [domain, groupby] of [
      [[['create_date', '>=', '2026-11-01 12:00:00']], ['create_date:day']],
      [[['ip', '=', '198.51.100.7']], ['country_id']],
      [[], ['ip']],
    ] as Array<[unknown[], string[]]>) {
      const r = await grouped(sudo, domain, [], groupby);
      expect(r.fromRollup, JSON.stringify([domain, groupby])).to.equal(false);
    }
    const partial = await grouped(sudo, [['create_date', '>=', '2026-11-01 12:00:00']], ['create_date'], ['create_date:day']);
    const first = partial.groups.find((g) => g['create_date:day'] === '01 Nov 2026');
    const [{ n }] = await db('link_tracker_click').where('create_date', '>=', '2026-11-01 12:00:00').where('create_date', '<', '2026-11-02 00:00:00').count({ n: '*' });
    expect(Number(first?.create_date_count ?? 0)).to.equal(Number(n));
  });

  it("a link tracker user's record rules (clicks of their own links) are applied on the rollup", async () => {
    const user = (await tk.get(UserDirectory).get(ownerUid))!;
    const env = tk.get(EnvFactory).forUser(user, null, 'en_US');
    const mine = await grouped(env, [], ['create_date'], ['create_date:day']);
    expect(mine.fromRollup).to.equal(true);
    expect(byDay(mine.groups)).to.deep.equal(await fullScan((q) => void q.where('link_id', links[0]), 'day'));
  });

  it('rebuilding the rollup from the clicks (the migration backfill) gives the same counts', async () => {
    const before = await db('link_tracker_click_rollup').select('link_id', 'create_date', 'country_id').sum({ n: 'click_count' }).groupBy('link_id', 'create_date', 'country_id').orderBy(['link_id', 'create_date', 'country_id']);
    await db.transaction((trx) => rebuildRollup(trx));
    const after = await db('link_tracker_click_rollup').select('link_id', 'create_date', 'country_id').sum({ n: 'click_count' }).groupBy('link_id', 'create_date', 'country_id').orderBy(['link_id', 'create_date', 'country_id']);
    expect(after.map((r) => ({ ...r, n: Number(r.n) })).filter((r) => r.n !== 0)).to.deep.equal(before.map((r) => ({ ...r, n: Number(r.n) })).filter((r) => r.n !== 0));
  });
});

import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { ValidationError } from '@platform/core/errors';
import type { Domain } from '@platform/core/domain-types';
import type { Env } from '../environment';
import type { Row } from '../record-reader';
import { bootOrmTest, publicEnv, rejects, seed, type Seed } from './support';

describe('orm: read_group', () => {
  let tk: TestKernel;
  let env: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest();
    env = tk.sudo();
    s = await seed(env);
  });
  after(async () => tk?.stop());

  const find = (groups: Row[], key: string, value: unknown): Row => {
    const g = groups.find((r) => JSON.stringify(r[key]) === JSON.stringify(value));
    expect(g, `group ${key}=${JSON.stringify(value)} in ${JSON.stringify(groups.map((r) => r[key]))}`).to.not.equal(undefined);
    return g!;
  };

  /** Every group's __domain, searched, finds as many records as the group counts. */
  async function checkDomains(groups: Row[], countKey: string): Promise<void> {
    for (const g of groups) {
      expect(await env.model('test.thing').search_count(g.__domain as Domain), JSON.stringify(g.__domain)).to.equal(g[countKey]);
    }
  }

  it('groups by many2one with counts, sums and domains', async () => {
    const groups = await env.model('test.thing').read_group(s.mine, ['qty', 'price', 'amount', 'total'], ['category_id']);
    expect(groups).to.have.length(3);
    const a = find(groups, 'category_id', [s.cat.a, 'Cat A']);
    expect(a).to.deep.include({ category_id_count: 2, qty: 3, price: 30, amount: 6.5, total: 50 });
    expect(a.__domain).to.deep.equal([['category_id', '=', s.cat.a], ...s.mine]);
    expect(find(groups, 'category_id', [s.cat.b, 'Cat B'])).to.deep.include({ category_id_count: 1, qty: 3, price: 30, total: 90 });
    const none = find(groups, 'category_id', false);
    expect(none).to.deep.include({ category_id_count: 1, qty: 0, price: 0 });
    expect(none.__domain).to.deep.equal([['category_id', '=', false], ...s.mine]);
    expect(groups.every((g) => !('__count' in g))).to.equal(true);
    await checkDomains(groups, 'category_id_count');
  });

  it('groups by selection and boolean', async () => {
    const groups = await env.model('test.thing').read_group(s.mine, ['qty'], ['state']);
    expect(groups.map((g) => [g.state, g.state_count, g.qty])).to.deep.equal([['done', 1, 3], ['draft', 1, 1], ['open', 2, 2]]);
    await checkDomains(groups, 'state_count');
    const pub = await env.model('test.thing').read_group(s.mine, [], ['published']);
    expect(find(pub, 'published', true).published_count).to.equal(3);
    expect(find(pub, 'published', false).published_count).to.equal(1);
    await checkDomains(pub, 'published_count');
  });

  it('lazy keeps the first groupby and passes the rest in __context; lazy=false groups by all with __count', async () => {
    const lazy = await env.model('test.thing').read_group(s.mine, ['qty'], ['category_id', 'state']);
    expect(lazy).to.have.length(3);
    for (const g of lazy) {
      expect(g.__context).to.deep.equal({ group_by: ['state'] });
      expect(g).to.not.have.property('state');
    }
    const full = await env.model('test.thing').read_group(s.mine, ['qty'], ['category_id', 'state'], { lazy: false });
    expect(full).to.have.length(4);
    const aOpen = full.find((g) => JSON.stringify(g.category_id) === JSON.stringify([s.cat.a, 'Cat A']) && g.state === 'open')!;
    expect(aOpen).to.deep.include({ __count: 1, qty: 2 });
    expect(aOpen.__domain).to.deep.equal([['category_id', '=', s.cat.a], ['state', '=', 'open'], ...s.mine]);
    for (const g of full) {
      expect(g).to.not.have.property('category_id_count');
      expect(g).to.not.have.property('__context');
    }
    await checkDomains(full, '__count');
  });

  it('groups create_date by day, week, month and year', async () => {
    const things = env.model('test.thing');
    const labels = async (spec: string) => {
      const groups = await things.read_group(s.mine, [], [spec]);
      await checkDomains(groups, 'create_date_count');
      return groups.map((g) => [g[spec], g.create_date_count]);
    };
    expect(await labels('create_date:day')).to.deep.equal([['29 Dec 2025', 1], ['02 Jan 2026', 1], ['05 Jan 2026', 1], ['15 Mar 2026', 1]]);
    expect(await labels('create_date:week')).to.deep.equal([['W1 2026', 2], ['W2 2026', 1], ['W11 2026', 1]]);
    expect(await labels('create_date:month')).to.deep.equal([['December 2025', 1], ['January 2026', 2], ['March 2026', 1]]);
    expect(await labels('create_date:year')).to.deep.equal([['2025', 1], ['2026', 3]]);
    expect(await labels('create_date')).to.deep.equal(await labels('create_date:month'));
    const [week1] = await things.read_group(s.mine, [], ['create_date:week']);
    expect(week1.__domain).to.deep.equal([['create_date', '>=', '2025-12-29 00:00:00'], ['create_date', '<', '2026-01-05 00:00:00'], ...s.mine]);
    const full = await things.read_group(s.mine, [], ['create_date:year', 'state'], { lazy: false });
    expect(full.map((g) => [g['create_date:year'], g.state, g.__count])).to.deep.equal([
      ['2025', 'draft', 1], ['2026', 'done', 1], ['2026', 'open', 2],
    ]);
    await checkDomains(full, '__count');
  });

  it('groups a date field, skipping empty dates into a false group', async () => {
    const groups = await env.model('test.thing').read_group(s.mine, [], ['day:month']);
    expect(find(groups, 'day:month', 'January 2026').day_count).to.equal(1);
    expect(find(groups, 'day:month', 'February 2026').__domain).to.deep.equal([['day', '>=', '2026-02-01'], ['day', '<', '2026-03-01'], ...s.mine]);
    expect(find(groups, 'day:month', false).day_count).to.equal(2);
    await checkDomains(groups, 'day_count');
  });

  it('supports explicit aggregates, orderby, limit and offset', async () => {
    const things = env.model('test.thing');
    const groups = await things.read_group(s.mine, ['max_price:max(price)', 'qty:avg', 'n:count_distinct(category_id)'], ['state'], { orderby: 'max_price desc' });
    expect(groups.map((g) => [g.state, g.max_price])).to.deep.equal([['done', 30], ['open', 20], ['draft', 10]]);
    // avg ignores empty values, as SQL does
    expect(find(groups, 'state', 'open')).to.deep.include({ qty: 2, n: 1 });
    const byCount = await things.read_group(s.mine, [], ['state'], { orderby: 'state_count desc, state', limit: 2 });
    expect(byCount.map((g) => g.state)).to.deep.equal(['open', 'done']);
    const page = await things.read_group(s.mine, [], ['state'], { orderby: 'state desc', limit: 1, offset: 1 });
    expect(page.map((g) => g.state)).to.deep.equal(['draft']);
    const total = await things.read_group(s.mine, ['qty'], []);
    expect(total).to.have.length(1);
    expect(total[0]).to.deep.include({ __count: 4, qty: 6 });
  });

  it('applies record rules', async () => {
    const pub = await publicEnv(tk);
    const groups = await pub.model('test.thing').read_group(s.mine, [], ['published']);
    expect(groups.map((g) => [g.published, g.published_count])).to.deep.equal([[true, 3]]);
  });

  it('rejects bad groupbys, aggregates and orders', async () => {
    const things = env.model('test.thing');
    for (const gb of ['nope', 'tag_ids', 'line_ids', 'label', 'name:day', 'create_date:hour', 'create_date:day:x', 'category_id.name']) {
      await rejects(things.read_group([], [], [gb]), ValidationError).catch((err) => {
        throw new Error(`groupby '${gb}' accepted: ${(err as Error).message}`);
      });
    }
    await rejects(things.read_group([], ['nope'], ['state']), ValidationError);
    await rejects(things.read_group([], ['qty:median'], ['state']), ValidationError);
    await rejects(things.read_group([], ['x:sum(tag_ids)'], ['state']), ValidationError);
    await rejects(things.read_group([], ['qty); DROP TABLE x; --'], ['state']), ValidationError);
    await rejects(things.read_group([], [], ['state'], { orderby: 'qty desc' }), ValidationError);
    await rejects(things.read_group([], [], ['state'], { orderby: 'state; DROP TABLE test_thing' }), ValidationError);
    await rejects(things.read_group([['nope', '=', 1]], [], ['state']), ValidationError);
    for (const gb of [5, {}, [7]]) await rejects(things.read_group([], [], gb as never), ValidationError, /groupby/);
    for (const paging of [{ limit: -1 }, { offset: -3 }, { limit: 'x' }, { offset: 1.5 }]) {
      await rejects(things.read_group([], [], ['state'], paging as never), ValidationError, /non-negative integer/);
    }
  });
});

import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { AccessError, ValidationError } from '@platform/core/errors';
import type { Env } from '../environment';
import { bootOrmTest, internalEnv, rejects, seed, type Seed } from './support';

/** Server code's bookkeeping on stored fields, and a model's records as a sub-query (issue 20, item 4). */
describe('orm: updateColumns and subquery', () => {
  let tk: TestKernel;
  let env: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest();
    env = tk.sudo();
    s = await seed(env);
  });
  after(async () => tk?.stop());

  it('increments in SQL, sets, and writes only where onlyIf holds', async () => {
    const things = env.model('test.thing');
    const [{ qty }] = await things.read([s.thing.alpha], ['qty']);
    await Promise.all([1, 2, 3].map(() => things.updateColumns([s.thing.alpha], { increment: { qty: 2 } })));
    expect((await things.read([s.thing.alpha], ['qty']))[0].qty).to.equal(Number(qty) + 6);
    expect(await things.updateColumns([s.thing.alpha], { set: { qty: 0 }, onlyIf: { qty: -1 } })).to.equal(0);
    expect(await things.updateColumns([s.thing.alpha], { set: { qty: 0 }, onlyIf: { qty: Number(qty) + 6 } })).to.equal(1);
    expect((await things.read([s.thing.alpha], ['qty']))[0].qty).to.equal(0);
  });

  it('is for the superuser, on stored fields only', async () => {
    const user = await internalEnv(tk);
    await rejects(user.model('test.thing').updateColumns([s.thing.alpha], { set: { qty: 1 } }), AccessError, /superuser/);
    await rejects(env.model('test.thing').updateColumns([s.thing.alpha], { set: { nope: 1 } }), ValidationError, /no stored field nope/);
  });

  it('gives the matching records as a sub-query of one statement', async () => {
    const sub = env.model('test.thing').subquery([['id', 'in', [s.thing.alpha, s.thing.beta]]]);
    const rows: Array<{ id: number }> = await env.db('test_thing').whereIn('id', sub).select('id').orderBy('id');
    expect(rows.map((r) => Number(r.id))).to.deep.equal([s.thing.alpha, s.thing.beta].sort((a, b) => a - b));
    expect(() => env.model('test.thing').subquery([], 'nope')).to.throw(ValidationError);
  });
});

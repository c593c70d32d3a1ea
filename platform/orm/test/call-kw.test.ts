import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { AccessError, ValidationError } from '@platform/core/errors';
import { callKw } from '../call-kw';
import type { Env } from '../environment';
import type { Row } from '../record-reader';
import { bootOrmTest, publicEnv, rejects, seed, type Seed } from './support';

describe('orm: call_kw', () => {
  let tk: TestKernel;
  let env: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest();
    env = tk.sudo();
    s = await seed(env);
  });
  after(async () => tk?.stop());

  it('refuses unknown, private and inherited method names', async () => {
    for (const method of ['unlink_all', 'checkAccess', 'assertRule', 'filtered', 'resolveFields', 'name_get_x', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', '']) {
      await rejects(callKw(env, 'test.thing', method, [], {}), ValidationError).catch((err) => {
        throw new Error(`method '${method}' not refused with ValidationError: ${(err as Error).message}`);
      });
    }
  });

  it('refuses unexpected and duplicated arguments', async () => {
    await rejects(callKw(env, 'test.thing', 'search_read', [], { domin: [] }), ValidationError, /unexpected keyword argument 'domin'/);
    await rejects(callKw(env, 'test.thing', 'search_read', [[]], { domain: [] }), ValidationError, /multiple values/);
    await rejects(callKw(env, 'test.thing', 'search_count', [[], 1]), ValidationError, /at most 1/);
    await rejects(callKw(env, 'test.thing', 'search_read', {} as never), ValidationError);
    await rejects(callKw(env, 'test.thing', 'search_read', [], [] as never), ValidationError);
    await rejects(callKw(env, 'test.thing', 'search_read', [], { limit: '5' }), ValidationError);
    await rejects(callKw(env, 'test.thing', 'search_read', [], { fields: 'name' }), ValidationError);
    await rejects(callKw(env, 'test.thing', 'read_group', [[], []]), ValidationError, /groupby/);
    await rejects(callKw(env, 'no.model', 'search', []), ValidationError);
  });

  it('maps positional arguments and keyword arguments onto the methods', async () => {
    const rows = (await callKw(env, 'test.thing', 'search_read', [s.mine, ['name'], 1, 2, 'name desc'])) as Row[];
    expect(rows.map((r) => r.name)).to.deep.equal(['beta', 'Gamma_x']);
    const same = await callKw(env, 'test.thing', 'search_read', [], { domain: s.mine, fields: ['name'], offset: 1, limit: 2, order: 'name desc' });
    expect(same).to.deep.equal(rows);
    expect(await callKw(env, 'test.thing', 'search', [s.mine], { count: true })).to.equal(4);
    expect(await callKw(env, 'test.thing', 'search', [s.mine], { limit: 1 })).to.deep.equal([s.thing.alpha]);
    expect(await callKw(env, 'test.thing', 'search_count', [[...s.mine, ['published', '=', false]]])).to.equal(1);
    expect(await callKw(env, 'test.thing', 'read', [s.thing.beta, ['name']])).to.deep.equal([{ id: s.thing.beta, name: 'beta' }]);
    expect(await callKw(env, 'test.thing', 'name_search', [], { name: 'gam', args: s.mine, limit: 5 })).to.deep.equal([[s.thing.gamma, 'Gamma_x']]);
    const groups = (await callKw(env, 'test.thing', 'read_group', [s.mine, ['qty'], ['category_id', 'state']], { lazy: false })) as Row[];
    expect(groups).to.have.length(4);
    expect(groups.every((g) => typeof g.__count === 'number')).to.equal(true);
    expect(await callKw(env, 'test.thing', 'default_get', [['state', 'published']])).to.deep.equal({ state: 'draft', published: false });
  });

  it('creates, writes and unlinks', async () => {
    const id = (await callKw(env, 'test.thing', 'create', [{ name: 'via rpc', qty: 2 }])) as number;
    const ids = (await callKw(env, 'test.thing', 'create', [[{ name: 'rpc 1' }, { name: 'rpc 2' }]])) as number[];
    expect(ids).to.have.length(2);
    expect(await callKw(env, 'test.thing', 'write', [[id], { qty: 3 }])).to.equal(true);
    expect(await callKw(env, 'test.thing', 'read', [[id], ['qty']])).to.deep.equal([{ id, qty: 3 }]);
    const [nid, nname] = (await callKw(env, 'test.tag', 'name_create', ['yellow'])) as [number, string];
    expect(nname).to.equal('yellow');
    expect(await callKw(env, 'test.thing', 'unlink', [[id, ...ids]])).to.equal(true);
    expect(await callKw(env, 'test.tag', 'unlink', [nid])).to.equal(true);
    expect(await callKw(env, 'test.thing', 'search_count', [[['id', 'in', [id, ...ids]]]])).to.equal(0);
  });

  it('reads in the language of the context, ignoring an invalid one', async () => {
    await env.model('test.thing').write([s.thing.alpha], { title: { en_US: 'Hello', fr_FR: 'Bonjour' } });
    const fr = (await callKw(env, 'test.thing', 'read', [[s.thing.alpha], ['title']], { context: { lang: 'fr_FR' } })) as Row[];
    expect(fr[0].title).to.equal('Bonjour');
    const bad = (await callKw(env, 'test.thing', 'read', [[s.thing.alpha], ['title']], { context: { lang: "x'; DROP" } })) as Row[];
    expect(bad[0].title).to.equal('Hello');
  });

  it('checks access for the calling user', async () => {
    const pub = await publicEnv(tk);
    await rejects(callKw(pub, 'res.partner', 'search_read', [[], ['name']]), AccessError);
    expect(await callKw(pub, 'test.thing', 'search_count', [s.mine])).to.equal(3);
    await rejects(callKw(pub, 'test.thing', 'read', [[s.thing.beta], ['name']]), AccessError);
  });
});

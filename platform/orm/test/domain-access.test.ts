import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { AccessError } from '@platform/core/errors';
import type { Domain } from '@platform/core/domain-types';
import type { Env } from '../environment';
import { bootOrmTest, internalEnv, publicEnv, rejects, seed, type Seed } from './support';

/**
 * Relational leaves (dotted paths, names searched on a relational field, to-many comparisons) read
 * the records of the model they enter: they must do so with the caller's rights there. Otherwise
 * search_count answers yes/no questions about records the caller cannot read.
 */
describe('orm: domains under the caller\'s rights', () => {
  let tk: TestKernel;
  let sudo: Env;
  let pub: Env;
  let user: Env;
  let s: Seed;
  let secretTag: number;
  const notes: Record<string, number> = {};
  const secrets: Record<string, number> = {};

  before(async () => {
    tk = await bootOrmTest();
    sudo = tk.sudo();
    s = await seed(sudo);
    pub = await publicEnv(tk);
    user = await internalEnv(tk);
    // gamma's parent is beta, which the public cannot see (unpublished)
    await sudo.model('test.thing').write([s.thing.gamma], { parent_id: s.thing.beta });
    secretTag = await sudo.model('test.tag').create({ name: 'only on beta', thing_ids: [[6, 0, [s.thing.beta]]] });
    for (const name of ['n1', 'n2', 'n3', 'forbidden']) notes[name] = await sudo.model('test.note').create({ name, thing_id: s.thing.alpha });
    for (const [name, level, note] of [['s2', 1, 'n2'], ['s3', 9, 'n3'], ['s4', 1, 'forbidden']] as const) {
      secrets[name] = await sudo.model('test.secret').create({ name, level, note_id: notes[note] });
      await sudo.model('test.note').write([notes[note]], { secret_id: secrets[name] });
    }
  });
  after(async () => tk?.stop());

  const ids = (env: Env, model: string, domain: Domain) => env.model(model).search(domain);

  it('refuses a path into a model the caller cannot read, at any hop (AccessError)', async () => {
    const things = pub.model('test.thing');
    await rejects(things.search_count([['create_uid.login', '=', 'admin']]), AccessError, /res\.users/);
    await rejects(things.search_count([['create_uid.partner_id.email', '=ilike', 'a%']]), AccessError, /res\.users/);
    // the first hop is readable, the second is not
    await rejects(pub.model('test.thing').search_count([['line_ids.create_uid.login', '=', 'admin']]), AccessError, /res\.users/);
    await rejects(pub.model('test.note').search_count([['secret_id.name', '=', 's2']]), AccessError, /test\.secret/);
    // behind '!' and '|' too
    await rejects(pub.model('test.note').search_count(['|', ['name', '=', 'n1'], '!', ['secret_id.level', '>', 3]]), AccessError);
  });

  it('refuses a condition on a field restricted to groups the caller is not in; members filter on it, also through a path', async () => {
    await sudo.model('test.note').write([notes.n1], { memo: 'door code 1234' });
    await rejects(pub.model('test.note').search_count([['memo', 'ilike', '1234']]), AccessError, /test\.note\.memo/);
    await rejects(pub.model('test.note').search_count(['|', ['name', '=', 'x'], ['memo', '=', false]]), AccessError, /memo/);
    expect(await user.model('test.note').search_count([['memo', 'ilike', '1234']])).to.equal(1);
    expect(await user.model('test.secret').search_count([['note_id.memo', 'ilike', '1234']])).to.equal(0);
  });

  it('refuses names, ids and emptiness checks on relations into a model the caller cannot read', async () => {
    const ns = pub.model('test.note');
    await rejects(ns.search_count([['secret_id', 'ilike', 's']]), AccessError, /test\.secret/);
    await rejects(ns.search_count([['secret_ids', 'ilike', 's']]), AccessError, /test\.secret/);
    await rejects(ns.search_count([['secret_ids', 'in', [secrets.s2]]]), AccessError, /test\.secret/);
    await rejects(ns.search_count([['secret_ids', '=', false]]), AccessError, /test\.secret/);
    await rejects(ns.search_count([['secret_ids', '!=', false]]), AccessError, /test\.secret/);
    await rejects(pub.model('test.thing').search_count([['create_uid', 'ilike', 'admin']]), AccessError, /res\.users/);
    // a many2one compared by id stays on the searched model's own column
    expect(await ns.search_count([['secret_id', '=', secrets.s2]])).to.equal(1);
    // through name_search and read_group as well
    await rejects(ns.name_search('n', [['secret_id.name', '=', 's2']]), AccessError);
    await rejects(ns.read_group([['secret_id.level', '>', 3]], [], ['name']), AccessError);
  });

  it('keeps working for the superuser and for callers who may read the target', async () => {
    expect(await ids(sudo, 'test.note', [['secret_id.name', '=', 's2']])).to.deep.equal([notes.n2]);
    expect(await ids(sudo, 'test.note', [['secret_ids', 'ilike', 's3']])).to.deep.equal([notes.n3]);
    expect(await ids(user, 'test.note', [['secret_id.name', '=', 's2']])).to.deep.equal([notes.n2]);
    expect(await sudo.model('test.thing').search_count([...s.mine, ['create_uid.login', '!=', 'nobody']])).to.equal(4);
  });

  it('applies the record rules of the model a path enters (a hidden record is not matched)', async () => {
    // beta is hidden from the public: reaching it through gamma's parent must not match
    expect(await ids(pub, 'test.thing', [['parent_id.name', '=', 'beta']])).to.deep.equal([]);
    expect(await ids(pub, 'test.thing', [['parent_id.published', '=', false]])).to.deep.equal([]);
    expect(await ids(pub, 'test.thing', [['parent_id', 'ilike', 'bet']])).to.deep.equal([]);
    expect(await ids(pub, 'test.thing', [['parent_id.name', '=', 'Alpha']])).to.deep.equal([s.thing.delta]);
    // through many2many, by path, name, ids and emptiness
    expect(await ids(pub, 'test.tag', [['thing_ids.name', '=', 'beta']])).to.deep.equal([]);
    expect(await ids(pub, 'test.tag', [['thing_ids', 'ilike', 'bet']])).to.deep.equal([]);
    expect(await ids(pub, 'test.tag', [['thing_ids', 'in', [s.thing.beta]]])).to.deep.equal([]);
    expect(await ids(pub, 'test.tag', [['thing_ids', '=', s.thing.beta]])).to.deep.equal([]);
    expect(await ids(pub, 'test.tag', [['id', '=', secretTag], ['thing_ids', '=', false]])).to.deep.equal([secretTag]);
    expect(await ids(pub, 'test.tag', [['id', '=', secretTag], ['thing_ids', '!=', false]])).to.deep.equal([]);
    // through one2many: the line of a hidden thing
    const hiddenLine = await sudo.model('test.line').create({ name: 'beta line', thing_id: s.thing.beta });
    expect(await ids(pub, 'test.line', [['thing_id.name', '=', 'beta']])).to.deep.equal([]);
    expect(await ids(pub, 'test.thing', [['line_ids.name', '=', 'beta line']])).to.deep.equal([]);
    // those who may see beta still find it
    expect(await ids(user, 'test.thing', [['parent_id.name', '=', 'beta']])).to.deep.equal([s.thing.gamma]);
    expect(await ids(user, 'test.tag', [['thing_ids', 'in', [s.thing.beta]]])).to.have.members([s.tag.green, secretTag]);
    expect(await ids(user, 'test.line', [['thing_id.name', '=', 'beta']])).to.deep.equal([hiddenLine]);
    expect(await ids(sudo, 'test.tag', [['thing_ids.name', '=', 'beta']])).to.have.members([s.tag.green, secretTag]);
  });

  it('compiles record rules as the system: their paths enter models the caller cannot read, rules pointing at each other do not loop', async () => {
    // test.note's rule goes through test.secret, which the public cannot read; n3's secret is level 9
    expect((await ids(pub, 'test.note', [])).sort()).to.deep.equal([notes.n1, notes.n2, notes.forbidden].sort());
    expect(await pub.model('test.note').search_count([['thing_id.name', '=', 'Alpha']])).to.equal(3);
    // test.secret's rule goes back into test.note: s4 belongs to the 'forbidden' note, so is hidden
    expect(await ids(user, 'test.note', [['secret_id.name', '=', 's4']])).to.deep.equal([]);
    expect(await ids(user, 'test.note', [['secret_id.name', '=', 's2']])).to.deep.equal([notes.n2]);
    expect(await ids(user, 'test.note', [['secret_ids.level', '>', 0]])).to.deep.equal([notes.n2]);
    // and the note rule applies when a secret's path enters test.note: n3 is hidden (its secret is level 9)
    expect(await ids(user, 'test.secret', [['note_id.name', '=', 'n3']])).to.deep.equal([]);
    expect(await ids(user, 'test.secret', [['note_id.name', '=', 'n2']])).to.deep.equal([secrets.s2]);
    expect(await ids(sudo, 'test.secret', [['note_id.name', '=', 'n3']])).to.deep.equal([secrets.s3]);
  });
});

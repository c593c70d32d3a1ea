import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { MissingError, ValidationError } from '@platform/core/errors';
import type { Env } from '../environment';
import { bootOrmTest, internalEnv, rejects, seed, type Seed } from './support';

describe('orm: model methods', () => {
  let tk: TestKernel;
  let env: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest();
    env = tk.sudo();
    s = await seed(env);
  });
  after(async () => tk?.stop());

  describe('references the database refuses', () => {
    it('a many2one to a record that does not exist is a ValidationError, and nothing is written', async () => {
      const things = env.model('test.thing');
      await rejects(things.write([s.thing.beta], { name: 'changed', category_id: 999_999 }), ValidationError, /does not exist/);
      await rejects(things.create({ name: 'orphan', category_id: 999_999 }), ValidationError, /does not exist/);
      expect((await things.read([s.thing.beta], ['name']))[0].name).to.equal('beta');
      expect(await things.search_count([['name', '=', 'orphan']])).to.equal(0);
    });

    it('deleting a record others still refer to (ON DELETE RESTRICT) is a ValidationError, and nothing is deleted', async () => {
      const [{ partner_id: partner }] = await env.db('res_users').where({ login: 'admin' }).select('partner_id');
      await rejects(env.model('res.partner').unlink([partner]), ValidationError, /still refer/);
      expect(await env.model('res.partner').search_count([['id', '=', partner]])).to.equal(1);
    });
  });

  describe('search / search_read', () => {
    it('returns only the asked fields (plus id)', async () => {
      const rows = await env.model('test.thing').search_read([['id', '=', s.thing.alpha]], ['name', 'qty']);
      expect(rows).to.deep.equal([{ id: s.thing.alpha, name: 'Alpha', qty: 1 }]);
    });

    it('orders, limits and offsets', async () => {
      const things = env.model('test.thing');
      const byQty = await things.search_read(s.mine, ['name'], { order: 'qty desc nulls last' });
      expect(byQty.map((r) => r.name)).to.deep.equal(['Gamma_x', 'beta', 'Alpha', 'delta']);
      const page = await things.search_read(s.mine, ['name'], { order: 'price asc nulls first, name', limit: 2, offset: 1 });
      expect(page.map((r) => r.name)).to.deep.equal(['Alpha', 'beta']);
      expect(await things.search(s.mine, { order: 'id desc', limit: 1 })).to.deep.equal([s.thing.delta]);
      expect(await things.search(s.mine, { limit: 0 })).to.deep.equal([]);
      expect(await things.search(s.mine, { offset: 10 })).to.deep.equal([]);
      // default order is the model's (id)
      expect(await things.search(s.mine)).to.deep.equal([s.thing.alpha, s.thing.beta, s.thing.gamma, s.thing.delta]);
      // tags are ordered by name by default
      const tags = await env.model('test.tag').search_read([], ['name']);
      expect(tags.map((t) => t.name)).to.deep.equal(['blue', 'green', 'red']);
    });

    it('counts', async () => {
      expect(await env.model('test.thing').search_count(s.mine)).to.equal(4);
      expect(await env.model('test.thing').search_count([...s.mine, ['state', '=', 'open']])).to.equal(2);
    });

    it('rejects invalid orders, fields, limits and offsets', async () => {
      const things = env.model('test.thing');
      for (const order of ['name; DROP TABLE test_thing', 'nope', 'name up', 'tag_ids', 'label', 'name desc desc', '"name"', 'name, (select 1)']) {
        await rejects(things.search_read([], ['name'], { order }), ValidationError);
      }
      await rejects(things.search_read([], ['nope']), ValidationError, /Invalid field 'nope'/);
      await rejects(things.search([], { limit: -1 }), ValidationError);
      await rejects(things.search([], { offset: -2 }), ValidationError);
      await rejects(things.search([], { limit: 1.5 }), ValidationError);
    });
  });

  describe('read', () => {
    it('reads every field type', async () => {
      const [r] = await env.model('test.thing').read([s.thing.alpha]);
      expect(r).to.include({
        id: s.thing.alpha, name: 'Alpha', qty: 1, price: 10, amount: 5.5, published: true, active: true,
        day: '2026-01-05', moment: '2026-01-05 10:00:00', state: 'draft', notes: 'First note', body: false,
        data: false, meta: false, code: 'seed', total: 10, label: 'Alpha x1', create_date: '2025-12-29 08:00:00',
      });
      expect(r.category_id).to.deep.equal([s.cat.a, 'Cat A']);
      expect(r.parent_id).to.equal(false);
      expect(r.tag_ids).to.have.members([s.tag.red, s.tag.green]);
      expect(r.line_ids).to.have.length(2);
      expect(r.create_uid).to.be.an('array');
    });

    it('reads empty values as the original platform does', async () => {
      const [r] = await env.model('test.thing').read([s.thing.delta], ['qty', 'price', 'notes', 'day', 'moment', 'category_id', 'parent_id', 'tag_ids', 'meta', 'total']);
      expect(r).to.deep.equal({
        id: s.thing.delta, qty: 0, price: 0, notes: false, day: false, moment: false, category_id: false,
        parent_id: [s.thing.alpha, 'Alpha'], tag_ids: [s.tag.blue], meta: false, total: 0,
      });
    });

    it('keeps the order of the asked ids and ignores duplicates', async () => {
      const rows = await env.model('test.thing').read([s.thing.gamma, s.thing.alpha, s.thing.gamma], ['name']);
      expect(rows.map((r) => r.name)).to.deep.equal(['Gamma_x', 'Alpha']);
      expect(await env.model('test.thing').read([], ['name'])).to.deep.equal([]);
    });

    it('raises MissingError for ids that do not exist', async () => {
      await rejects(env.model('test.thing').read([s.thing.alpha, 999999], ['name']), MissingError, /999999/);
      await rejects(env.model('test.thing').read([0], ['name']), ValidationError);
      await rejects(env.model('test.thing').read(['1' as unknown as number], ['name']), ValidationError);
    });

    it('raises ValidationError for unknown models and fields', async () => {
      expect(() => env.model('no.such.model')).to.throw(ValidationError);
      await rejects(env.model('test.thing').read([s.thing.alpha], ['name', 'nope']), ValidationError);
    });
  });

  describe('create / write', () => {
    it('fills defaults and stores every field type', async () => {
      const things = env.model('test.thing');
      const id = await things.create({
        name: 'Full', notes: 'text', body: '<p>hi</p>', qty: '7', price: '2.5', amount: 3, day: '2026-06-30',
        moment: '2026-06-30T22:15:00+02:00', data: 'aGVsbG8=', meta: { a: [1, 2], b: 'x' }, title: 'T',
      });
      const [r] = await things.read([id]);
      expect(r).to.include({
        name: 'Full', notes: 'text', body: '<p>hi</p>', qty: 7, price: 2.5, amount: 3, day: '2026-06-30',
        moment: '2026-06-30 20:15:00', data: 'aGVsbG8=', title: 'T', published: false, active: true, state: 'draft', total: 17.5,
      });
      expect(r.meta).to.deep.equal({ a: [1, 2], b: 'x' });
      const defaults = await things.default_get(['published', 'active', 'state', 'name']);
      expect(defaults).to.deep.equal({ published: false, active: true, state: 'draft' });
      await rejects(things.default_get(['nope']), ValidationError);
    });

    it('rejects unknown fields, missing required values and wrong types', async () => {
      const things = env.model('test.thing');
      await rejects(things.create({ name: 'x', nope: 1 }), ValidationError, /Invalid field 'nope'/);
      await rejects(things.create({ qty: 1 }), ValidationError, /required/);
      await rejects(things.create({ name: '' }), ValidationError, /required/);
      await rejects(things.write([s.thing.alpha], { name: false }), ValidationError, /required/);
      const wrong: Array<Record<string, unknown>> = [
        { qty: 'many' }, { qty: 1.5 }, { price: 'cheap' }, { published: 'yes' }, { day: '2026-13-45' }, { day: 'tomorrow' },
        { moment: 'noon' }, { state: 'archived' }, { state: 3 }, { category_id: 'Cat A' }, { name: { a: 1 } }, { name: 'x'.repeat(65) },
        { tag_ids: 'red' }, { tag_ids: [[9, 0, 0]] }, { tag_ids: [[6, 0, 'x']] }, { line_ids: [[0, 0, 'x']] }, { data: 12 },
        { id: 5 }, { total: 3 }, { label: 'x' },
      ];
      for (const vals of wrong) {
        await rejects(things.create({ name: 'bad', ...vals }), ValidationError).catch((err) => {
          throw new Error(`create ${JSON.stringify(vals)} was accepted: ${(err as Error).message}`);
        });
      }
      await rejects(things.write([s.thing.alpha], { state: 'nope' }), ValidationError, /not one of/);
      await rejects(things.write([999999], { qty: 1 }), MissingError);
      await rejects(things.create({ name: 'x', category_id: 999999 }), Error);
      expect(await things.search_count([['name', '=', 'bad']])).to.equal(0);
    });

    it('lets non-superusers not write readonly or audit fields', async () => {
      const user = await internalEnv(tk);
      const things = user.model('test.thing');
      await rejects(things.create({ name: 'ro', code: 'x' }), ValidationError, /read-only/);
      await rejects(things.write([s.thing.beta], { code: 'x' }), ValidationError, /read-only/);
      await rejects(things.write([s.thing.beta], { create_date: '2020-01-01 00:00:00' }), ValidationError, /read-only/);
      const id = await things.create({ name: 'by user' });
      const [r] = await env.model('test.thing').read([id], ['create_uid', 'code']);
      expect((r.create_uid as [number, string])[0]).to.equal(user.uid);
      // superuser code may write them
      await env.model('test.thing').write([id], { code: 'set by sudo' });
      expect((await env.model('test.thing').read([id], ['code']))[0].code).to.equal('set by sudo');
    });

    it('recomputes stored computed fields and computes non-stored ones on read', async () => {
      const things = env.model('test.thing');
      const id = await things.create({ name: 'calc', qty: 4, price: 2.5 });
      expect((await things.read([id], ['total', 'label']))[0]).to.deep.equal({ id, total: 10, label: 'calc x4' });
      await things.write([id], { qty: 6 });
      expect((await things.read([id], ['total', 'label']))[0]).to.deep.equal({ id, total: 15, label: 'calc x6' });
      await things.write([id], { price: 1 });
      expect((await things.search_read([['id', '=', id]], ['label', 'total']))[0]).to.deep.equal({ id, label: 'calc x6', total: 6 });
      // stored compute is searchable, non-stored is not
      expect(await things.search([['total', '=', 6], ['name', '=', 'calc']])).to.deep.equal([id]);
      await rejects(things.search([['label', '=', 'calc x6']]), ValidationError, /not stored/);
      await rejects(things.write([id], { total: 1 }), ValidationError, /computed/);
    });

    it('applies many2many commands [6] [4] [3] [0] [5] and plain id lists', async () => {
      const things = env.model('test.thing');
      const tags = async (id: number) => ((await things.read([id], ['tag_ids']))[0].tag_ids as number[]).slice().sort((a, b) => a - b);
      const sorted = (ids: number[]) => ids.slice().sort((a, b) => a - b);
      const id = await things.create({ name: 'm2m', tag_ids: [[6, 0, [s.tag.red, s.tag.blue]]] });
      expect(await tags(id)).to.deep.equal(sorted([s.tag.red, s.tag.blue]));
      await things.write([id], { tag_ids: [[4, s.tag.green], [4, s.tag.red]] });
      expect(await tags(id)).to.deep.equal(sorted([s.tag.red, s.tag.green, s.tag.blue]));
      await things.write([id], { tag_ids: [[3, s.tag.red]] });
      expect(await tags(id)).to.deep.equal(sorted([s.tag.green, s.tag.blue]));
      await things.write([id], { tag_ids: [[0, 0, { name: 'new tag', color: 9 }]] });
      const created = (await env.model('test.tag').search([['name', '=', 'new tag']]))[0];
      expect(await tags(id)).to.deep.equal(sorted([s.tag.green, s.tag.blue, created]));
      await things.write([id], { tag_ids: [[5]] });
      expect(await tags(id)).to.deep.equal([]);
      await things.write([id], { tag_ids: [s.tag.blue] });
      expect(await tags(id)).to.deep.equal([s.tag.blue]);
      await things.write([id], { tag_ids: [[6, 0, []]] });
      expect(await tags(id)).to.deep.equal([]);
      // [3] unlinks only: the tag still exists
      expect(await env.model('test.tag').search_count([['id', '=', s.tag.red]])).to.equal(1);
      // the other side sees the links
      await things.write([id], { tag_ids: [[6, 0, [s.tag.red]]] });
      expect((await env.model('test.tag').read([s.tag.red], ['thing_ids']))[0].thing_ids).to.include(id);
      await rejects(things.write([id], { tag_ids: [[4, 999999]] }), ValidationError, /does not exist/);
      expect(await tags(id)).to.deep.equal([s.tag.red]);
    });

    it('applies one2many commands [0] [1] [2] [3] [4] [6] [5]', async () => {
      const things = env.model('test.thing');
      const lines = env.model('test.line');
      const lineIds = async (id: number) => (await things.read([id], ['line_ids']))[0].line_ids as number[];
      const id = await things.create({ name: 'o2m', line_ids: [[0, 0, { name: 'a', amount: 1 }], [0, 0, { name: 'b', amount: 2 }]] });
      const [a, b] = await lineIds(id);
      expect((await lines.read([a, b], ['name', 'thing_id'])).map((l) => [l.name, (l.thing_id as [number, string])[0]])).to.deep.equal([['a', id], ['b', id]]);
      await things.write([id], { line_ids: [[1, a, { amount: 11 }]] });
      expect((await lines.read([a], ['amount']))[0].amount).to.equal(11);
      await things.write([id], { line_ids: [[3, a]] });
      expect(await lineIds(id)).to.deep.equal([b]);
      expect((await lines.read([a], ['thing_id']))[0].thing_id).to.equal(false);
      await things.write([id], { line_ids: [[4, a]] });
      expect(await lineIds(id)).to.deep.equal([a, b]);
      await things.write([id], { line_ids: [[2, b]] });
      expect(await lines.search_count([['id', '=', b]])).to.equal(0);
      const c = await lines.create({ name: 'c' });
      await things.write([id], { line_ids: [[6, 0, [c]]] });
      expect(await lineIds(id)).to.deep.equal([c]);
      await things.write([id], { line_ids: [[5]] });
      expect(await lineIds(id)).to.deep.equal([]);
      expect(await lines.search_count([['id', 'in', [a, c]]])).to.equal(2);
    });

    it('writes several records at once and unlinks', async () => {
      const things = env.model('test.thing');
      const ids = await things.create([{ name: 'w1' }, { name: 'w2' }]);
      expect(await things.write(ids, { qty: 9, state: 'done' })).to.equal(true);
      expect((await things.read(ids, ['qty', 'state'])).map((r) => [r.qty, r.state])).to.deep.equal([[9, 'done'], [9, 'done']]);
      expect(await things.unlink(ids)).to.equal(true);
      expect(await things.search([['id', 'in', ids]])).to.deep.equal([]);
      await rejects(things.unlink([ids[0]]), MissingError);
    });

    it('writes nothing when one record of a create list fails', async () => {
      const things = env.model('test.thing');
      const before = await things.search_count([]);
      const tagsBefore = await env.model('test.tag').search_count([]);
      await rejects(things.create([
        { name: 'batch ok 1', tag_ids: [[0, 0, { name: 'batch tag' }]], line_ids: [[0, 0, { name: 'batch line' }]] },
        { name: 'batch ok 2' },
        { name: 'batch bad', state: 'no-such-state' },
      ]), ValidationError);
      expect(await things.search_count([])).to.equal(before);
      expect(await things.search_count([['name', 'like', 'batch']])).to.equal(0);
      expect(await env.model('test.tag').search_count([])).to.equal(tagsBefore);
      expect(await env.model('test.line').search_count([['name', '=', 'batch line']])).to.equal(0);
    });

    it('writes nothing when a write fails half-way through its commands', async () => {
      const things = env.model('test.thing');
      await rejects(things.write([s.thing.gamma], { qty: 99, tag_ids: [[4, s.tag.red], [4, 999999]] }), ValidationError);
      const [r] = await things.read([s.thing.gamma], ['qty', 'tag_ids']);
      expect(r.qty).to.equal(3);
      expect(r.tag_ids).to.deep.equal([]);
    });
  });

  describe('name_search / name_create', () => {
    it('finds records by name', async () => {
      const things = env.model('test.thing');
      expect(await things.name_search('alp', s.mine)).to.deep.equal([[s.thing.alpha, 'Alpha']]);
      expect(await things.name_search('Alpha', s.mine, '=')).to.deep.equal([[s.thing.alpha, 'Alpha']]);
      expect(await things.name_search('', s.mine, 'ilike', 2)).to.have.length(2);
      await rejects(things.name_search('x', [], 'bogus'), ValidationError);
    });

    it('creates a record from a name', async () => {
      const [id, name] = await env.model('test.tag').name_create('purple');
      expect(name).to.equal('purple');
      expect((await env.model('test.tag').read([id], ['name']))[0].name).to.equal('purple');
      await rejects(env.model('test.tag').name_create('  '), ValidationError);
    });
  });
});

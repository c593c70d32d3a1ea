import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { ValidationError } from '@platform/core/errors';
import type { Domain } from '@platform/core/domain-types';
import type { Env } from '../environment';
import { bootOrmTest, rejects, seed, type Seed } from './support';

describe('orm: domains', () => {
  let tk: TestKernel;
  let env: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest();
    env = tk.sudo();
    s = await seed(env);
  });
  after(async () => tk?.stop());

  /** Names of the seeded things matching `domain`, sorted. */
  async function names(domain: Domain): Promise<string[]> {
    const rows = await env.model('test.thing').search_read([...s.mine, ...domain], ['name']);
    return rows.map((r) => r.name as string).sort();
  }

  it('boots the fixture', async () => {
    expect(await names([])).to.deep.equal(['Alpha', 'Gamma_x', 'beta', 'delta']);
  });

  it('compares with = and != (!= keeps NULLs, <> is an alias)', async () => {
    expect(await names([['qty', '=', 2]])).to.deep.equal(['beta']);
    expect(await names([['name', '=', 'alpha']])).to.deep.equal([]);
    expect(await names([['qty', '!=', 2]])).to.deep.equal(['Alpha', 'Gamma_x', 'delta']);
    expect(await names([['state', '<>', 'open']])).to.deep.equal(['Alpha', 'Gamma_x']);
    expect(await names([['notes', '!=', 'First note']])).to.deep.equal(['Gamma_x', 'beta', 'delta']);
  });

  it('orders with < <= > >= on numbers, dates and datetimes', async () => {
    expect(await names([['qty', '<', 2]])).to.deep.equal(['Alpha']);
    expect(await names([['qty', '<=', 2]])).to.deep.equal(['Alpha', 'beta']);
    expect(await names([['price', '>', 10]])).to.deep.equal(['Gamma_x', 'beta']);
    expect(await names([['price', '>=', 10]])).to.deep.equal(['Alpha', 'Gamma_x', 'beta']);
    expect(await names([['day', '>', '2026-01-05']])).to.deep.equal(['beta']);
    expect(await names([['day', '<=', '2026-01-05']])).to.deep.equal(['Alpha']);
    expect(await names([['moment', '>=', '2026-01-05 10:00:00']])).to.deep.equal(['Alpha', 'beta']);
    expect(await names([['create_date', '<', '2026-01-01 00:00:00']])).to.deep.equal(['Alpha']);
  });

  it('matches lists with in / not in (false in the list means NULL)', async () => {
    expect(await names([['state', 'in', ['draft', 'done']]])).to.deep.equal(['Alpha', 'Gamma_x']);
    expect(await names([['state', 'not in', ['draft', 'done']]])).to.deep.equal(['beta', 'delta']);
    expect(await names([['qty', 'in', []]])).to.deep.equal([]);
    expect(await names([['qty', 'not in', []]])).to.have.length(4);
    expect(await names([['qty', 'in', [3, false]]])).to.deep.equal(['Gamma_x', 'delta']);
    expect(await names([['qty', 'not in', [1, 2]]])).to.deep.equal(['Gamma_x', 'delta']);
    expect(await names([['qty', 'not in', [1, false]]])).to.deep.equal(['Gamma_x', 'beta']);
    expect(await names([['category_id', 'in', [s.cat.b]]])).to.deep.equal(['Gamma_x']);
    // booleans: false in a list means "false or not set", as `= false` does
    expect(await names([['published', 'in', [false]]])).to.deep.equal(['beta']);
    expect(await names([['published', 'not in', [false]]])).to.deep.equal(['Alpha', 'Gamma_x', 'delta']);
    expect(await names([['published', 'in', [true]]])).to.deep.equal(['Alpha', 'Gamma_x', 'delta']);
    expect(await names([['published', 'not in', [true]]])).to.deep.equal(['beta']);
    expect(await names([['published', 'in', [true, false]]])).to.have.length(4);
    expect(await names([['published', 'not in', [true, false]]])).to.deep.equal([]);
  });

  it('matches patterns with like / not like / ilike / not ilike (substring, escaped)', async () => {
    expect(await names([['name', 'like', 'lph']])).to.deep.equal(['Alpha']);
    expect(await names([['name', 'like', 'ALPH']])).to.deep.equal([]);
    expect(await names([['name', 'ilike', 'ALPH']])).to.deep.equal(['Alpha']);
    expect(await names([['name', 'not like', 'e']])).to.deep.equal(['Alpha', 'Gamma_x']);
    expect(await names([['name', 'not ilike', 'A']])).to.deep.equal([]);
    // `_` and `%` are literal for like/ilike
    expect(await names([['name', 'like', '_x']])).to.deep.equal(['Gamma_x']);
    expect(await names([['notes', 'ilike', '100%']])).to.deep.equal(['Gamma_x']);
    expect(await names([['notes', 'ilike', '0%s']])).to.deep.equal([]);
    // not like keeps NULLs
    expect(await names([['notes', 'not ilike', 'note']])).to.deep.equal(['Gamma_x', 'beta', 'delta']);
  });

  it('matches raw patterns with =like / =ilike (wildcards are the caller\'s)', async () => {
    expect(await names([['name', '=like', 'A%']])).to.deep.equal(['Alpha']);
    expect(await names([['name', '=like', 'a%']])).to.deep.equal([]);
    expect(await names([['name', '=ilike', 'a%']])).to.deep.equal(['Alpha']);
    expect(await names([['name', '=ilike', '_eta']])).to.deep.equal(['beta']);
    expect(await names([['name', '=like', 'lph']])).to.deep.equal([]);
  });

  it('treats = false as "not set" and = true/false on booleans', async () => {
    expect(await names([['notes', '=', false]])).to.deep.equal(['beta', 'delta']);
    expect(await names([['notes', '!=', false]])).to.deep.equal(['Alpha', 'Gamma_x']);
    expect(await names([['category_id', '=', false]])).to.deep.equal(['delta']);
    expect(await names([['day', '=', false]])).to.deep.equal(['Gamma_x', 'delta']);
    expect(await names([['published', '=', false]])).to.deep.equal(['beta']);
    expect(await names([['published', '!=', true]])).to.deep.equal(['beta']);
    expect(await names([['published', '=', true]])).to.deep.equal(['Alpha', 'Gamma_x', 'delta']);
    expect(await names([['tag_ids', '=', false]])).to.deep.equal(['Gamma_x']);
    expect(await names([['tag_ids', '!=', false]])).to.deep.equal(['Alpha', 'beta', 'delta']);
    expect(await names([['line_ids', '=', false]])).to.deep.equal(['Gamma_x', 'beta']);
  });

  it('combines with prefix & | ! and implicit AND', async () => {
    expect(await names([['state', '=', 'open'], ['published', '=', true]])).to.deep.equal(['delta']);
    expect(await names(['&', ['state', '=', 'open'], ['published', '=', true]])).to.deep.equal(['delta']);
    expect(await names(['|', ['qty', '=', 1], ['qty', '=', 3]])).to.deep.equal(['Alpha', 'Gamma_x']);
    expect(await names(['!', ['state', '=', 'open']])).to.deep.equal(['Alpha', 'Gamma_x']);
    // '!' behaves like != : records where the field is empty match the negation
    expect(await names(['!', ['qty', '=', 1]])).to.deep.equal(['Gamma_x', 'beta', 'delta']);
    expect(await names(['!', ['notes', 'ilike', 'note']])).to.deep.equal(['Gamma_x', 'beta', 'delta']);
    expect(await names(['|', '&', ['state', '=', 'open'], ['published', '=', false], ['qty', '=', 3]])).to.deep.equal(['Gamma_x', 'beta']);
    expect(await names(['!', '|', ['qty', '=', 1], ['qty', '=', 2]])).to.deep.equal(['Gamma_x', 'delta']);
    // implicit AND after an OR group: (qty=1 | qty=3) & published
    expect(await names(['|', ['qty', '=', 1], ['qty', '=', 2], ['published', '=', true]])).to.deep.equal(['Alpha']);
    expect(await names([[1, '=', 1]])).to.have.length(4);
    expect(await names([[0, '=', 1]])).to.deep.equal([]);
  });

  it('follows dotted paths through many2one, one2many and many2many', async () => {
    expect(await names([['category_id.code', '=', 'a']])).to.deep.equal(['Alpha', 'beta']);
    expect(await names([['category_id.name', 'ilike', 'cat b']])).to.deep.equal(['Gamma_x']);
    expect(await names([['parent_id.category_id.code', '=', 'a']])).to.deep.equal(['delta']);
    expect(await names([['line_ids.amount', '>', 15]])).to.deep.equal(['Alpha']);
    expect(await names([['line_ids.name', '=', 'l3']])).to.deep.equal(['delta']);
    expect(await names([['tag_ids.name', '=', 'green']])).to.deep.equal(['Alpha', 'beta']);
    expect(await names([['tag_ids.color', '>=', 2]])).to.deep.equal(['Alpha', 'beta', 'delta']);
    // the reverse many2many side
    const tags = await env.model('test.tag').search_read([['thing_ids.name', '=', 'Alpha']], ['name']);
    expect(tags.map((t) => t.name).sort()).to.deep.equal(['green', 'red']);
  });

  it('matches relational fields by id, id list and name', async () => {
    expect(await names([['category_id', '=', s.cat.a]])).to.deep.equal(['Alpha', 'beta']);
    expect(await names([['category_id', 'ilike', 'cat b']])).to.deep.equal(['Gamma_x']);
    expect(await names([['tag_ids', 'in', [s.tag.red, s.tag.blue]]])).to.deep.equal(['Alpha', 'delta']);
    expect(await names([['tag_ids', '=', s.tag.green]])).to.deep.equal(['Alpha', 'beta']);
    expect(await names([['tag_ids', 'not in', [s.tag.green]]])).to.deep.equal(['Gamma_x', 'delta']);
    expect(await names([['tag_ids', 'ilike', 'RED']])).to.deep.equal(['Alpha']);
    expect(await names([['line_ids', 'in', []]])).to.deep.equal([]);
  });

  it('searches translated fields in the environment language', async () => {
    const things = env.model('test.thing');
    await things.write([s.thing.alpha], { title: 'Hello' });
    await env.withLang('fr_FR').model('test.thing').write([s.thing.alpha], { title: 'Bonjour' });
    expect(await things.search([['title', '=', 'Hello']])).to.deep.equal([s.thing.alpha]);
    expect(await things.search([['title', '=', 'Bonjour']])).to.deep.equal([]);
    expect(await env.withLang('fr_FR').model('test.thing').search([['title', 'ilike', 'bonj']])).to.deep.equal([s.thing.alpha]);
  });

  it('rejects malformed domains, unknown fields and operators with ValidationError', async () => {
    const things = env.model('test.thing');
    const bad: unknown[] = [
      'not a list',
      [['name', '=']],
      [['name', 'equals', 'x']],
      [['name', '==', 'x']],
      [['nope', '=', 1]],
      [['category_id.nope', '=', 1]],
      [['name.x', '=', 1]],
      [['label', '=', 'x']],
      ['&', ['qty', '=', 1]],
      ['|'],
      ['!'],
      [['qty', 'in', 3]],
      [['qty', '<', [1, 2]]],
      [['qty', '<', false]],
      [['qty', '=', [1, 2]]],
      [['qty', '=', 'abc']],
      [['name', 'ilike', { a: 1 }]],
      [['tag_ids', '>', 3]],
      [['tag_ids', 'in', [1.5]]],
      [[2, '=', 1]],
      [{ name: 'x' }],
      [['name', '=', 'x', 'y']],
    ];
    for (const domain of bad) {
      await rejects(things.search(domain as Domain), ValidationError).catch((err) => {
        throw new Error(`domain ${JSON.stringify(domain)} was not rejected: ${(err as Error).message}`);
      });
    }
    await rejects(things.search_count([['nope', '=', 1]]), ValidationError, /Invalid field 'nope'/);
    await rejects(things.search([['name', 'regex', 'x']] as unknown as Domain), ValidationError, /Invalid operator/);
  });

  it('refuses SQL smuggled through field names and languages', async () => {
    await rejects(env.model('test.thing').search([['name" OR 1=1 --', '=', 'x']]), ValidationError);
    await rejects(env.withLang("en_US') OR 1=1 --").model('test.thing').search([['title', '=', 'x']]), ValidationError);
    expect(await names([['name', '=', "x' OR '1'='1"]])).to.deep.equal([]);
  });
});

import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { resolveXmlid } from '../data-loader';
import { EnvFactory } from '../env-factory';
import type { Env } from '../environment';

export const FIXTURES = path.join(__dirname, 'fixtures');

/** Boots a kernel with the orm_test fixture module installed. */
export function bootOrmTest(opts: { demo?: boolean; modules?: string[] } = {}): Promise<TestKernel> {
  return bootTestKernel({ modules: opts.modules ?? ['orm_test'], roots: [FIXTURES], demo: opts.demo });
}

/** An environment for the default site's public user (group base.group_public only). */
export async function publicEnv(tk: TestKernel, lang = 'en_US'): Promise<Env> {
  const sudo = tk.sudo();
  const uid = await resolveXmlid(sudo, 'base.public_user');
  const partnerId = await resolveXmlid(sudo, 'base.public_partner');
  const siteId = await resolveXmlid(sudo, 'base.default_website');
  return tk.kernel.container.get(EnvFactory).forUser({ id: uid, partnerId, groups: new Set(['base.group_public']) }, siteId, lang);
}

/** An internal (non-superuser) user's environment, in group base.group_user. */
export async function internalEnv(tk: TestKernel, lang = 'en_US'): Promise<Env> {
  const sudo = tk.sudo();
  const uid = await resolveXmlid(sudo, 'base.user_admin');
  const partnerId = await resolveXmlid(sudo, 'base.partner_admin');
  return tk.kernel.container.get(EnvFactory).forUser({ id: uid, partnerId, groups: new Set(['base.group_user']) }, null, lang);
}

export interface Seed {
  cat: { a: number; b: number };
  tag: { red: number; green: number; blue: number };
  thing: { alpha: number; beta: number; gamma: number; delta: number };
  /** Domain matching the seeded things only. */
  mine: [['code', '=', 'seed']];
}

/**
 * Four things covering the values the tests query:
 *   alpha: qty 1, price 10, published, draft, cat A, tags red+green, 2 lines, created 2025-12-29 (Mon)
 *   beta:  qty 2, price 20, unpublished, open, cat A, tag green, created 2026-01-02 (Fri, same ISO week)
 *   Gamma_x: qty 3, price 30, published, done, cat B, no tags, created 2026-01-05 23:30 (next week)
 *   delta: no qty/price, published, open, no category, tag blue, parent alpha, 1 line, created 2026-03-15
 */
export async function seed(env: Env): Promise<Seed> {
  const [a, b] = await env.model('test.category').create([{ name: 'Cat A', code: 'a' }, { name: 'Cat B', code: 'b' }]);
  const [red, green, blue] = await env.model('test.tag').create([
    { name: 'red', color: 1 }, { name: 'green', color: 2 }, { name: 'blue', color: 3 },
  ]);
  const things = env.model('test.thing');
  const alpha = await things.create({
    name: 'Alpha', qty: 1, price: 10, amount: 5.5, published: true, state: 'draft', category_id: a, tag_ids: [[6, 0, [red, green]]],
    notes: 'First note', day: '2026-01-05', moment: '2026-01-05 10:00:00', code: 'seed', create_date: '2025-12-29 08:00:00',
    line_ids: [[0, 0, { name: 'l1', amount: 10 }], [0, 0, { name: 'l2', amount: 20 }]],
  });
  const beta = await things.create({
    name: 'beta', qty: 2, price: 20, amount: 1, published: false, state: 'open', category_id: a, tag_ids: [[6, 0, [green]]],
    day: '2026-02-10', moment: '2026-02-10 12:00:00', code: 'seed', create_date: '2026-01-02 10:00:00',
  });
  const gamma = await things.create({
    name: 'Gamma_x', qty: 3, price: 30, amount: 2, published: true, state: 'done', category_id: b,
    notes: '100% sure', code: 'seed', create_date: '2026-01-05 23:30:00',
  });
  const delta = await things.create({
    name: 'delta', published: true, state: 'open', tag_ids: [[4, blue]], parent_id: alpha, code: 'seed', create_date: '2026-03-15 00:00:00',
    line_ids: [[0, 0, { name: 'l3', amount: 5 }]],
  });
  return { cat: { a, b }, tag: { red, green, blue }, thing: { alpha, beta, gamma, delta }, mine: [['code', '=', 'seed']] };
}

/** Awaits `p` and checks it rejects with an error of class `type` (message matching `re` if given). */
export async function rejects(p: Promise<unknown>, type: new (...args: never[]) => Error, re?: RegExp): Promise<Error> {
  let caught: unknown;
  try {
    await p;
  } catch (err) {
    caught = err;
  }
  expect(caught, `expected a ${type.name}`).to.be.instanceOf(type);
  if (re) expect((caught as Error).message).to.match(re);
  return caught as Error;
}

import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { ValidationError } from '@platform/core/errors';
import { callKw } from '../call-kw';
import { andDomains, compileDomain, normalize, orDomains } from '../domain';
import { MAX_DOMAIN_LEAVES, MAX_DOMAIN_SUBQUERIES, MAX_DOMAIN_TERMS, MAX_PATH_HOPS } from '../domain-limits';
import type { Domain, DomainTerm } from '@platform/core/domain-types';
import type { Env } from '../environment';
import { bootOrmTest, internalEnv, publicEnv, rejects, seed, type Seed } from './support';

/** A balanced '|' tree over `leaves` (what a probe sends to make one small request expensive). */
function orTree(leaves: DomainTerm[]): Domain {
  if (leaves.length === 1) return [leaves[0]];
  const mid = leaves.length >> 1;
  return ['|', ...orTree(leaves.slice(0, mid)), ...orTree(leaves.slice(mid))];
}

/**
 * The process's CPU time in ms: the synchronous bounds below say "not quadratic", which wall time cannot
 * tell on a machine whose cores other processes share (both CI runs and their browsers).
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; error?: Error; value?: T }> {
  const started = performance.now();
  try {
    const value = await fn();
    return { ms: performance.now() - started, value };
  } catch (err) {
    return { ms: performance.now() - started, error: err as Error };
  }
}

describe('orm: domain size limits and linear normalisation', () => {
  let tk: TestKernel;
  let sudo: Env;
  let pub: Env;
  let s: Seed;
  before(async () => {
    tk = await bootOrmTest();
    sudo = tk.sudo();
    s = await seed(sudo);
    pub = await publicEnv(tk);
  });
  after(async () => tk?.stop());

  const deepPath = 'country_id.state_ids.country_id.state_ids.country_id.state_ids.name';

  it(`refuses a balanced tree of 1,000 ${MAX_PATH_HOPS + 2}-hop paths at once (Domain too complex), not after seconds of SQL`, async () => {
    const domain = orTree(Array.from({ length: 1000 }, () => [deepPath, 'ilike', 'zz'] as DomainTerm));
    const { ms, error } = await timed(() => callKw(pub, 'res.country.state', 'search_count', [domain]));
    expect(error).to.be.instanceOf(ValidationError);
    expect(error!.message).to.match(/^Domain too complex/);
    expect(ms).to.be.below(200);
  });

  it('refuses too many conditions, too long paths and too many sub-queries, with named limits', async () => {
    const states = pub.model('res.country.state');
    const many = (n: number, leaf: DomainTerm): Domain => Array.from({ length: n }, () => leaf);
    await rejects(states.search_count(many(MAX_DOMAIN_LEAVES + 1, ['name', '!=', 'x'])), ValidationError, new RegExp(`Domain too complex: more than ${MAX_DOMAIN_LEAVES} conditions`));
    await rejects(states.search_count(many(MAX_DOMAIN_TERMS + 1, '!')), ValidationError, new RegExp(`Domain too complex: ${MAX_DOMAIN_TERMS + 1} terms`));
    const path = (hops: number) => `${Array.from({ length: hops }, (_, i) => (i % 2 ? 'state_ids' : 'country_id')).join('.')}.code`;
    expect(await states.search_count([[path(MAX_PATH_HOPS), '=', 'NOPE']])).to.equal(0);
    await rejects(states.search_count([[path(MAX_PATH_HOPS + 1), '=', 'NOPE']]), ValidationError, new RegExp(`Domain too complex: a path may go through at most ${MAX_PATH_HOPS} relations`));
    // a name searched on a many2one is one more hop
    await rejects(states.search_count([[path(MAX_PATH_HOPS + 1).replace(/\.code$/, ''), 'ilike', 'x']]), ValidationError, new RegExp(`at most ${MAX_PATH_HOPS} relations`));
    expect(await states.search_count(orTree(many(MAX_DOMAIN_SUBQUERIES, ['country_id.code', '=', 'BE'])))).to.be.above(0);
    await rejects(states.search_count(orTree(many(MAX_DOMAIN_SUBQUERIES + 1, ['country_id.code', '=', 'BE']))), ValidationError, new RegExp(`at most ${MAX_DOMAIN_SUBQUERIES} conditions on related records`));
    await rejects(states.search_count(orTree(many(MAX_DOMAIN_SUBQUERIES / 2 + 1, ['country_id.state_ids.code', '=', 'x']))), ValidationError, /Domain too complex/);
  });

  it('answers a moderately complex domain within the limits, as the public and as an internal user', async () => {
    const countries = ['BE', 'FR', 'DE', 'NL', 'LU', 'ES', 'IT', 'PT', 'AT', 'CH'];
    const domain: Domain = [
      '&',
      ...orTree(countries.map((c): DomainTerm => ['country_id.code', '=', c])),
      '!', ['country_id.state_ids.name', '=', 'no such state'],
      ...Array.from({ length: 150 }, (_, i): DomainTerm => ['name', '!=', `not a state ${i}`]),
    ];
    const expected = await sudo.model('res.country.state').search_count([['country_id.code', 'in', countries]]);
    expect(expected).to.be.above(50);
    const { ms, value } = await timed(() => pub.model('res.country.state').search_count(domain));
    expect(value).to.equal(expected);
    expect(ms).to.be.below(2000);
    expect(await (await internalEnv(tk)).model('res.country.state').search_count(domain)).to.equal(expected);
  });

  it('does not bound the system (superuser)', async () => {
    const leaves = Array.from({ length: MAX_DOMAIN_LEAVES + 100 }, (_, i): DomainTerm => ['name', '!=', `nothing ${i}`]);
    expect(await sudo.model('test.thing').search_count([...s.mine, ...leaves])).to.equal(4);
    expect(await sudo.model('res.country.state').search_count([['country_id.state_ids.country_id.state_ids.country_id.code', '=', 'BE']])).to.be.above(0);
  });

  it('refuses a 400,000-leaf domain with a ValidationError at once', async () => {
    const domain: Domain = Array.from({ length: 400_000 }, (): DomainTerm => [0, '=', 1]);
    for (const model of ['res.country', 'test.thing']) {
      const { ms, error } = await timed(() => callKw(pub, model, 'search_count', [domain]));
      expect(error, model).to.be.instanceOf(ValidationError);
      expect(error!.message).to.match(/^Domain too complex/);
      expect(ms).to.be.below(200);
    }
  });

  it('normalizes, combines and compiles a 200,000-term system domain in linear time, without overflowing the stack', () => {
    const n = 200_000;
    const domain: Domain = Array.from({ length: n }, (_, i): DomainTerm => ['qty', '=', i]);
    let started = cpuMs();
    const normalized = normalize(domain);
    expect(cpuMs() - started).to.be.below(500);
    expect(normalized).to.have.length(2 * n - 1);
    expect(normalized.slice(0, n - 1).every((t) => t === '&')).to.equal(true);
    expect(normalized[n - 1]).to.deep.equal(['qty', '=', 0]);
    expect(normalized[2 * n - 2]).to.deep.equal(['qty', '=', n - 1]);

    started = cpuMs();
    expect(andDomains(domain, [['name', '=', 'x']])).to.have.length(2 * n + 1);
    expect(cpuMs() - started).to.be.below(500);
    started = cpuMs();
    expect(orDomains(domain, [['name', '=', 'x']])).to.have.length(2 * n + 1);
    expect(cpuMs() - started).to.be.below(500);

    started = cpuMs();
    const meta = sudo.registry.get('test.thing')!;
    const sql = compileDomain(domain, meta, 't0', sudo.registry, sudo.dialect, 'en_US');
    expect(sql.bindings).to.have.length(n);
    expect(sql.bindings[0]).to.equal(0);
    expect(sql.bindings[n - 1]).to.equal(n - 1);
    // a leaf costs more than a term to normalize; the bound only says "not quadratic, no stack overflow"
    expect(cpuMs() - started).to.be.below(3000);
  });

  it('keeps bindings in the order of their placeholders under nested operators', async () => {
    const domain: Domain = ['|', '&', ['name', '=', 'Alpha'], '!', ['qty', '=', 2], '&', ['tag_ids.name', 'in', ['green', 'zz']], ['qty', 'in', [2, 3]]];
    const rows = await sudo.model('test.thing').search_read([...s.mine, ...domain], ['name']);
    expect(rows.map((r) => r.name).sort()).to.deep.equal(['Alpha', 'beta']);
  });
});

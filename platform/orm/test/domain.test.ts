import { expect } from 'chai';
import type { TestKernel } from '../../../test/support/harness';
import { ValidationError } from '../../kernel/errors';
import type { Domain } from '../domain-types';
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
});

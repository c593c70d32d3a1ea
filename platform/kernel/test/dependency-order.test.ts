import { expect } from 'chai';
import { orderModules, withDependencies } from '@platform/core/dependency-graph';
import { discoverModules } from '../discovery';
import type { DiscoveredModule } from '@platform/core/manifest';
import { BASE_ROOT, fixture, moduleLoadError } from './support';

function mod(name: string, depends: string[] = []): DiscoveredModule {
  return { manifest: { name, version: '1.0.0', summary: name, depends }, path: `/virtual/${name}` };
}

const names = (mods: DiscoveredModule[]) => mods.map((m) => m.manifest.name);

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('dependency order', () => {
  it('puts every module after its dependencies, base first', () => {
    const ordered = names(orderModules(discoverModules([BASE_ROOT, fixture('ordered')])));
    expect(ordered).to.deep.equal(['base', 'alpha', 'beta', 'zeta', 'mid']);
  });

  it('gives the same order whatever order the modules were found in', () => {
    const mods = [mod('base'), mod('alpha'), mod('beta'), mod('zeta', ['alpha']), mod('mid', ['zeta', 'beta']), mod('omega', ['mid'])];
    const expected = ['base', 'alpha', 'beta', 'zeta', 'mid', 'omega'];
    for (const perm of permutations(mods)) expect(names(orderModules(perm))).to.deep.equal(expected);
  });

  it('makes base an implicit dependency of every other module', () => {
    expect(names(orderModules([mod('aaa'), mod('base')]))).to.deep.equal(['base', 'aaa']);
  });

  it('refuses an unknown dependency, naming the module and the missing one', async () => {
    const err = await moduleLoadError(() => orderModules(discoverModules([BASE_ROOT, fixture('unknown-dependency')])));
    expect(err.moduleName).to.equal('needs_ghost');
    expect(err.message).to.equal("module 'needs_ghost': depends on unknown module 'ghost'");
  });

  it('refuses a dependency cycle, naming a module on it and the cycle', async () => {
    const err = await moduleLoadError(() => orderModules(discoverModules([BASE_ROOT, fixture('cycle')])));
    expect(['cycle_a', 'cycle_b']).to.include(err.moduleName);
    expect(err.message).to.contain('dependency cycle');
    expect(err.message).to.match(/cycle_a -> cycle_b -> cycle_a|cycle_b -> cycle_a -> cycle_b/);
  });

  it('refuses a longer cycle in memory too', async () => {
    const err = await moduleLoadError(() => orderModules([mod('base'), mod('a1', ['a2']), mod('a2', ['a3']), mod('a3', ['a1'])]));
    expect(err.message).to.contain('a1 -> a2 -> a3 -> a1');
  });

  it('withDependencies() adds what the asked-for modules need', () => {
    const all = orderModules(discoverModules([BASE_ROOT, fixture('ordered')]));
    expect([...withDependencies(['mid'], all)].sort()).to.deep.equal(['alpha', 'base', 'beta', 'mid', 'zeta']);
  });
});

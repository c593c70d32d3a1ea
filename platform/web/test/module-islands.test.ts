import path from 'node:path';
import { expect } from 'chai';
import { ModuleLoadError } from '@platform/core/errors';
import type { DiscoveredModule } from '@platform/core/manifest';
import { moduleIslands } from '../module-islands';

const FIXTURES = path.join(__dirname, 'fixtures');

function moduleWith(name: string, ...files: string[]): DiscoveredModule {
  return {
    manifest: { name, version: '1.0.0', summary: 'Islands fixture', depends: [], web: { islands: files.map((f) => path.join(FIXTURES, f)) } },
    path: FIXTURES,
  };
}

function failure(fn: () => unknown): ModuleLoadError {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ModuleLoadError);
    return err as ModuleLoadError;
  }
  throw new Error('expected a ModuleLoadError');
}

describe('module islands (the name is written once, in the island file)', () => {
  it('names each listed file by its own defineIsland', () => {
    expect(moduleIslands(moduleWith('fixture_mod', 'counter-island.tsx'))).to.deep.equal([
      { name: 'fixture_mod.counter', file: path.join(FIXTURES, 'counter-island.tsx') },
    ]);
  });

  it("stops the boot when a file's island belongs to another module's name", () => {
    const err = failure(() => moduleIslands(moduleWith('other_mod', 'counter-island.tsx')));
    expect(err.moduleName).to.equal('other_mod');
    expect(err.message).to.equal("module 'other_mod': island 'fixture_mod.counter' (counter-island.tsx) must be named 'other_mod.<widget>'");
  });

  it('stops the boot when a listed file exports no island', () => {
    const err = failure(() => moduleIslands(moduleWith('fixture_mod', 'plain-component.tsx')));
    expect(err.message).to.equal("module 'fixture_mod': island plain-component.tsx must export defineIsland(...) as default");
  });

  it('stops the boot when a listed file is missing', () => {
    const err = failure(() => moduleIslands(moduleWith('fixture_mod', 'no-such-island.tsx')));
    expect(err.message).to.match(/^module 'fixture_mod': island no-such-island\.tsx cannot be loaded: /);
  });
});

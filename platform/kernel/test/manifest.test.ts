import { expect } from 'chai';
import { discoverModules, validateManifest } from '../discovery';
import { BASE_ROOT, fixture, moduleLoadError } from './support';

const valid = () => ({ name: 'good_mod', version: '1.0.0', summary: 'A good module', depends: ['base'] as unknown });

describe('manifest validation', () => {
  describe('validateManifest()', () => {
    it('accepts a well-formed manifest (1.0 and 1.0.0 versions)', () => {
      expect(() => validateManifest(valid(), 'good_mod')).not.to.throw();
      expect(() => validateManifest({ ...valid(), version: '2.1' }, 'good_mod')).not.to.throw();
    });

    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['a name that is not lower_snake_case', { name: 'Good-Mod' }, /name must be lower_snake_case/],
      ['a missing name', { name: undefined }, /name must be lower_snake_case/],
      ['a name different from its folder', { name: 'other_mod' }, /name 'other_mod' does not match its folder 'good_mod'/],
      ['a bad version', { version: 'v1' }, /version must look like 1\.0 or 1\.0\.0/],
      ['a numeric version', { version: 1 }, /version must look like/],
      ['a missing summary', { summary: '  ' }, /summary is required/],
      ['depends that is not a list', { depends: 'base' }, /depends must be a list of module names/],
      ['depends with a non-string entry', { depends: ['base', 3] }, /depends must be a list of module names/],
      ['a self-dependency', { depends: ['good_mod'] }, /cannot depend on itself/],
      ['a server entry that is not a function', { server: {} }, /server must be a function/],
      ['access that is not a list', { access: {} }, /access must be a list/],
    ];
    for (const [what, patch, reason] of cases) {
      it(`refuses ${what}, naming the module`, async () => {
        const err = await moduleLoadError(() => validateManifest({ ...valid(), ...patch }, 'good_mod'));
        expect(err.moduleName).to.equal('good_mod');
        expect(err.message).to.match(/^module 'good_mod': invalid manifest: /);
        expect(err.message).to.match(reason);
      });
    }

    it('refuses a manifest that is not an object', async () => {
      const err = await moduleLoadError(() => validateManifest(undefined, 'good_mod'));
      expect(err.message).to.contain('must export a manifest');
    });
  });

  describe('discoverModules() on fixture folders', () => {
    const scenarios: Array<[string, string, RegExp]> = [
      ['invalid-name', 'BadName', /name must be lower_snake_case/],
      ['name-mismatch', 'mismatch_mod', /name 'other_name' does not match its folder 'mismatch_mod'/],
      ['bad-version', 'bad_version', /version must look like/],
      ['depends-not-list', 'depends_string', /depends must be a list/],
      ['self-dependency', 'self_dep', /cannot depend on itself/],
      ['no-summary', 'no_summary', /summary is required/],
      ['throwing-manifest', 'throwing_mod', /manifest cannot be loaded: manifest exploded/],
    ];
    for (const [scenario, moduleName, reason] of scenarios) {
      it(`${scenario}: ModuleLoadError naming '${moduleName}'`, async () => {
        const err = await moduleLoadError(() => discoverModules([BASE_ROOT, fixture(scenario)]));
        expect(err.moduleName).to.equal(moduleName);
        expect(err.message).to.contain(`module '${moduleName}'`);
        expect(err.message).to.match(reason);
      });
    }

    it('refuses a module name found in two folders, naming it and both places', async () => {
      const err = await moduleLoadError(() => discoverModules([fixture('twin-a'), fixture('twin-b')]));
      expect(err.moduleName).to.equal('twin');
      expect(err.message).to.contain('defined twice');
      expect(err.message).to.contain(fixture('twin-a', 'twin'));
      expect(err.message).to.contain(fixture('twin-b', 'twin'));
    });

    it('finds modules in a folder of modules and a module folder given directly', () => {
      const found = discoverModules([BASE_ROOT, fixture('ordered', 'alpha'), fixture('cycle'), fixture('does-not-exist')]);
      expect(found.map((m) => m.manifest.name).sort()).to.deep.equal(['alpha', 'base', 'cycle_a', 'cycle_b']);
      expect(found.find((m) => m.manifest.name === 'alpha')!.path).to.equal(fixture('ordered', 'alpha'));
    });
  });
});

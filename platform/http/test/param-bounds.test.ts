import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import * as yup from 'yup';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { unboundedParams, unboundedRouteParams } from '../param-bounds';

const MODULES_DIR = path.resolve(__dirname, '..', '..', '..', 'modules');

describe('route parameters are bounded', () => {
  describe('unboundedParams()', () => {
    it('finds strings and arrays without a maximum, at any depth', () => {
      const schema = yup.object({
        ok: yup.string().max(10),
        exact: yup.string().length(3),
        choice: yup.mixed().oneOf(['a', 'b']),
        text: yup.string(),
        ids: yup.array(yup.number().integer()),
        names: yup.array(yup.string().max(5)).max(3),
        nested: yup.object({ deep: yup.array(yup.string()).max(2) }),
        anything: yup.array().max(2),
        loose: yup.mixed().test('t', 'm', () => true),
        bag: yup.object(),
        n: yup.number(),
        why: yup.mixed().meta({ bounded: 'a record id or false (its test)' }),
      });
      expect(unboundedParams(schema.describe())).to.deep.equal([
        'params.text: a string without max()',
        'params.ids: an array without max()',
        'params.nested.deep[]: a string without max()',
        'params.anything[]: elements of any type',
        'params.loose: a mixed value without a bound',
        'params.bag: an object of anything',
      ]);
    });

    it('takes an empty top-level object for "no parameters" (unknown keys are refused there)', () => {
      expect(unboundedRouteParams(yup.object({}))).to.deep.equal([]);
      expect(unboundedRouteParams(yup.object({ q: yup.string(), o: yup.object() }))).to.deep.equal(['params.q: a string without max()', 'params.o: an object of anything']);
    });
  });

  describe('every route of every module', () => {
    let tk: TestKernel;
    before(async function () {
      this.timeout(120_000);
      const all = fs.readdirSync(MODULES_DIR).filter((m) => fs.existsSync(path.join(MODULES_DIR, m, 'manifest.ts')));
      tk = await bootTestKernel({ modules: all });
    });
    after(async () => tk?.stop());

    it('declares a maximum for every string and array of its JSON parameters', () => {
      const routes = tk.kernel.routes();
      expect(routes.length).to.be.greaterThan(40);
      const problems = routes.flatMap(({ route, module }) => {
        const where = `${module} ${route.path}`;
        if (route.type === 'json' && !route.params) return [`${where}: no params schema (anything goes to the handler unchecked)`];
        return route.params ? unboundedRouteParams(route.params).map((p) => `${where}: ${p}`) : [];
      });
      expect(problems).to.deep.equal([]);
    });
  });
});

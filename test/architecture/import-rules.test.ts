import path from 'node:path';
import { expect } from 'chai';
import { discoverModules, defaultModuleRoots } from '@platform/kernel/discovery';
import { checkImports, checkTableAccess, checkTestImports, readSourceTree, readTestTree, tableOwners, type SourceFile } from './import-rules';

const root = path.resolve(__dirname, '../..');

function dependsOfAllModules(): Map<string, string[]> {
  return new Map(discoverModules(defaultModuleRoots(root)).map((m) => [m.manifest.name, m.manifest.depends]));
}

/** The rules over a made-up tree: `depends` as manifests would say. */
function check(files: Record<string, string>, depends: Record<string, string[]> = {}) {
  const sources: SourceFile[] = Object.entries(files).map(([p, text]) => ({ path: p, text }));
  return checkImports(sources, new Map(Object.entries(depends)));
}

describe('architecture: import rules', () => {
  it('the tree keeps them: layered platform, public faces, declared dependencies, aliases across parts', () => {
    const violations = checkImports(readSourceTree(root), dependsOfAllModules());
    expect(violations.map((v) => `${v.file}: '${v.specifier}' ${v.reason}`)).to.deep.equal([]);
  });

  it('the tests and benchmarks keep them: other modules through their faces or test-support faces only', () => {
    const violations = checkTestImports(readTestTree(root));
    expect(violations.map((v) => `${v.file}: '${v.specifier}' ${v.reason}`)).to.deep.equal([]);
  });

  it('no module reads another module\'s tables with raw SQL: it goes through that module\'s face', () => {
    // No allowance list: a read of another module's table goes behind its face (issue 20, item 4).
    const found = [...new Set(checkTableAccess(readSourceTree(root), tableOwners(root)).map((v) => `${v.file}: ${v.specifier} (${v.reason})`))].sort();
    expect(found).to.deep.equal([]);
  });

  it('modules answer through the reply and type their params from their schemas: no req.koa, no req.params casts', () => {
    const found = readSourceTree(root).filter((f) => f.path.startsWith('modules/')).flatMap((f) =>
      f.text.split('\n').flatMap((line, i) => (/\.koa\b|req\.params as\b/.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])));
    expect(found).to.deep.equal([]);
  });

  it('refuses a module importing a platform file that is not a face, and a module importing the kernel', () => {
    const found = check({
      'modules/website/server/a.ts': "import { fields } from '@platform/orm/fields';",
      'modules/website/server/b.ts': "import { Kernel } from '@platform/kernel/kernel';",
      'modules/website/web/islands/c.tsx': "import { rpc } from '@platform/web/client/rpc';",
      'modules/website/server/d.ts': "import { fields } from '@platform/orm';\nimport { rpc } from '@platform/web/client';",
    }, { website: [] });
    expect(found.map((v) => [v.file, v.specifier])).to.deep.equal([
      ['modules/website/server/a.ts', '@platform/orm/fields'],
      ['modules/website/server/b.ts', '@platform/kernel/kernel'],
      ['modules/website/web/islands/c.tsx', '@platform/web/client/rpc'],
    ]);
    expect(found[0].reason).to.match(/use its face '@platform\/orm'/);
    expect(found[1].reason).to.match(/never import the kernel/);
    expect(found[2].reason).to.match(/use its face '@platform\/web\/client'/);
  });

  it('refuses a test importing another module\'s internals, and names its faces', () => {
    const found = checkTestImports([
      { path: 'modules/livechat/test/a.test.ts', text: "import { BusService } from '@modules/bus/server/services/bus-service';\nimport { x } from '../server/own';" },
      { path: 'test/tours/b.test.ts', text: "import { SmtpSink } from '@modules/mass_mailing/test/support';\nimport { LinkService } from '@modules/link_tracker';" },
      { path: 'modules/forum/test/c.test.ts', text: "import { Kernel } from '@platform/kernel/kernel';" },
    ]);
    expect(found.map((v) => [v.file, v.specifier])).to.deep.equal([
      ['modules/livechat/test/a.test.ts', '@modules/bus/server/services/bus-service'],
      ['modules/forum/test/c.test.ts', '@platform/kernel/kernel'],
    ]);
    expect(found[0].reason).to.match(/'@modules\/bus'/);
  });

  it('refuses a raw read of another module\'s table, naming the owner; its own tables and migrations are fine', () => {
    const owners = new Map([['res_users', 'base'], ['mail_message', 'website_mail'], ['forum_post', 'forum']]);
    const found = checkTableAccess([
      { path: 'modules/forum/server/services/a.ts', text: "await env.db('res_users').where({ id }).first('karma');\nawait env.db('forum_post').count();" },
      { path: 'modules/livechat/server/b.ts', text: "const rows = await db.raw('SELECT id FROM mail_message WHERE model = ?', [m]);" },
      { path: 'modules/forum/migrations/20260101_x.ts', text: "await knex('res_users').update({ karma: 0 });" },
    ], owners);
    expect(found.map((v) => [v.file, v.specifier])).to.deep.equal([
      ['modules/forum/server/services/a.ts', 'res_users'],
      ['modules/livechat/server/b.ts', 'mail_message'],
    ]);
    expect(found[0].reason).to.match(/base's table res_users/);
  });

  it('names the file and the import of a module reaching into another module\'s internals', () => {
    const found = check({
      'modules/livechat/server/x.ts': "import { BusService } from '@modules/bus/server/services/bus-service';",
    }, { livechat: ['bus'] });
    expect(found).to.have.length(1);
    expect(found[0]).to.include({ file: 'modules/livechat/server/x.ts', specifier: '@modules/bus/server/services/bus-service' });
    expect(found[0].reason).to.match(/public face '@modules\/bus'/);
  });

  it('refuses a module importing a module it does not depend on, even through its face', () => {
    const found = check({ 'modules/portal/server/x.ts': "import { LinkService } from '@modules/link_tracker';" }, { portal: ['website'] });
    expect(found[0].reason).to.match(/portal does not depend on link_tracker/);
    expect(check({ 'modules/portal/server/x.ts': "import { LinkService } from '@modules/link_tracker';" }, { portal: ['link_tracker'] })).to.deep.equal([]);
  });

  it('refuses platform/ importing modules/, an import running up the layers, and relative paths across parts', () => {
    const found = check({
      'platform/web/a.ts': "import { X } from '@modules/website';",
      'platform/orm/b.ts': "import type { RequestContext } from '@platform/http/route-definition';",
      'platform/http/c.ts': "export { y } from '../web/layout';",
      'modules/website/d.ts': "const z = require('../../platform/orm/model');",
      'platform/base/e.ts': "import { kernel } from '@platform/kernel/kernel';",
    });
    expect(found.map((v) => v.file)).to.deep.equal(['platform/web/a.ts', 'platform/orm/b.ts', 'platform/http/c.ts', 'modules/website/d.ts', 'platform/base/e.ts']);
    expect(found[0].reason).to.match(/must not import modules/);
    expect(found[1].reason).to.match(/runs upward: platform\/orm is below platform\/http/);
    expect(found[2].reason).to.match(/relative path/);
    expect(found[3].reason).to.match(/@platform\/ alias/);
    expect(found[4].reason).to.match(/runs upward/);
  });

  it('allows imports down the layers, inside a part, and of base through its face', () => {
    expect(check({
      'platform/http/a.ts': "import { ValidationError } from '@platform/core/errors';\nimport { Env } from '@platform/orm/environment';\nimport { b } from './b';",
      'modules/website/server/x.ts': "import { SiteUrls } from '@platform/base';\nimport { EnvFactory } from '@platform/orm';",
      'platform/kernel/cli/y.ts': "import { UserAccounts } from '@platform/base';",
    }, { website: [] })).to.deep.equal([]);
  });

  it('fails on a violation planted in the real tree', () => {
    const planted: SourceFile = { path: 'modules/website/server/planted.ts', text: "import { BusService } from '@modules/bus';\n" };
    const found = checkImports([...readSourceTree(root), planted], dependsOfAllModules());
    expect(found).to.deep.equal([{ file: 'modules/website/server/planted.ts', specifier: '@modules/bus', reason: 'website does not depend on bus (add it to the manifest\'s depends or do without it)' }]);
  });
});

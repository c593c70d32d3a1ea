import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { checkImports, readSourceTree } from '../../../test/architecture/import-rules';

const REPO = path.resolve(__dirname, '..', '..', '..');
const MODULES = path.join(REPO, 'modules');
/** The module this suite generates; the name is the suite's own: a folder left by a killed run is removed. */
const NAME = 'demo_scaffold';
const FOLDER = path.join(MODULES, NAME);

/** Runs a command of the repository in a child process, as a developer would. */
function run(args: string[], timeout = 60_000) {
  const r = spawnSync(process.execPath, args, { cwd: REPO, env: { ...process.env, LOG_LEVEL: 'silent' }, encoding: 'utf8', timeout });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, output: `${r.stdout}${r.stderr}` };
}
const cli = (...args: string[]) => run(['--import', 'tsx', 'platform/kernel/cli/main.ts', ...args]);

/** Every file under a folder, relative to it, with its content: to show a refusal changed nothing. */
function snapshot(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files.set(path.relative(folder, file), fs.readFileSync(file, 'utf8'));
    }
  }
  return files;
}

describe('cli: module new (scaffold)', function () {
  this.timeout(120_000);
  let modulesBefore: string[];

  before(() => {
    fs.rmSync(FOLDER, { recursive: true, force: true });
    modulesBefore = fs.readdirSync(MODULES);
  });
  // Whatever happened, the repository is left as it was: the generated module and anything a refusal
  // should not have written go away.
  after(() => {
    for (const entry of fs.readdirSync(MODULES)) {
      if (!modulesBefore.includes(entry)) fs.rmSync(path.join(MODULES, entry), { recursive: true, force: true });
    }
  });

  it('writes the standard anatomy, then prints the files and the next steps', () => {
    const r = cli('module', 'new', NAME, '--depends', 'website');
    expect(r.code, r.stderr).to.equal(0);
    const expected = [
      'manifest.ts', 'index.ts', 'common/item-schema.ts', 'server/demo-scaffold-module.ts', 'server/demo-scaffold-models.ts',
      'server/models/demo-scaffold-item.ts', 'server/services/item-service.ts', 'server/routes/item-routes.ts',
      'server/contributions/backoffice-menu.ts', 'web/pages/items-page.tsx', 'web/islands/item-list.tsx', 'web/islands/item-form.tsx',
      'demo/demo-scaffold-demo.ts', 'i18n/fr_FR.json', 'test/items.test.ts',
    ];
    const written = [...snapshot(FOLDER).keys()];
    expect(written).to.include.members(expected);
    const migrations = written.filter((f) => f.startsWith('migrations/'));
    expect(migrations).to.have.length(1);
    expect(migrations[0]).to.match(/^migrations\/\d{14}_demo_scaffold\.ts$/);
    for (const file of written) expect(r.stdout).to.contain(`modules/${NAME}/${file}`);
    expect(r.stdout).to.contain('Next steps:').and.contain(`npm run cli -- module install ${NAME}`);
    expect(fs.readFileSync(path.join(FOLDER, 'manifest.ts'), 'utf8')).to.contain("depends: ['website']");
  });

  it('generates code that type-checks', () => {
    // Only the generated folder (and what it imports): the whole repository would take twice as long.
    const tsconfig = path.join(FOLDER, 'tsconfig.scaffold-check.json');
    fs.writeFileSync(tsconfig, JSON.stringify({ extends: '../../tsconfig.json', include: ['.'] }));
    try {
      const r = run([require.resolve('typescript/bin/tsc'), '--noEmit', '-p', tsconfig], 90_000);
      expect(r.code, r.output).to.equal(0);
    } finally {
      fs.rmSync(tsconfig);
    }
  });

  it('generates a module that keeps the import rules (public faces, aliases, declared dependencies)', () => {
    const generated = readSourceTree(REPO).filter((f) => f.path.startsWith(`modules/${NAME}/`));
    expect(generated.map((f) => f.path)).to.include(`modules/${NAME}/index.ts`);
    expect(checkImports(generated, new Map([[NAME, ['website']]]))).to.deep.equal([]);
  });

  it('generates a module whose own test passes (HTTP, JSON-RPC, rights, its form with and without JavaScript, browser)', () => {
    // TEST_DATABASE_URL passes through: on PostgreSQL, the generated test runs there too.
    const r = run([require.resolve('mocha/bin/mocha.js'), `modules/${NAME}/test/**/*.test.ts`], 90_000);
    expect(r.code, r.output).to.equal(0);
    expect(r.stdout).to.contain('5 passing').and.not.contain('failing');
  });

  it('refuses to overwrite an existing module', () => {
    const before = snapshot(FOLDER);
    const r = cli('module', 'new', NAME);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain(`module '${NAME}' already exists`);
    expect(snapshot(FOLDER)).to.deep.equal(before);
  });

  it('refuses a malformed or reserved name, writing nothing', () => {
    const malformed = cli('module', 'new', 'Demo-Scaffold');
    expect(malformed.code, 'a bad command line').to.equal(2);
    expect(malformed.stderr).to.contain("'Demo-Scaffold' is not a module name: use lower_snake_case");
    const reserved = cli('module', 'new', 'core');
    expect(reserved.code).to.equal(1);
    expect(reserved.stderr).to.contain("'core' is reserved");
    expect(fs.readdirSync(MODULES).sort()).to.deep.equal([...modulesBefore, NAME].sort());
  });

  it('refuses an unknown dependency, writing nothing', () => {
    const r = cli('module', 'new', 'demo_scaffold_two', '--depends', 'website,no_such_module');
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain('unknown module(s) in --depends: no_such_module');
    expect(fs.existsSync(path.join(MODULES, 'demo_scaffold_two'))).to.equal(false);
  });
});

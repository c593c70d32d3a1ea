import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { AuthService } from '@platform/http/auth-service';
import { loadConfig } from '@platform/core/config';
import { Kernel } from '../kernel';

const REPO = path.resolve(__dirname, '..', '..', '..');

describe('cli (npm run cli)', function () {
  this.timeout(120000);
  let dir: string;
  let env: NodeJS.ProcessEnv;

  /** Runs the real CLI in a child process against the temporary database. */
  const cli = (args: string[], extraEnv: NodeJS.ProcessEnv = {}) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'platform/kernel/cli/main.ts', ...args], {
      cwd: REPO, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 60000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const ok = (args: string[], extraEnv?: NodeJS.ProcessEnv): string => {
    const r = cli(args, extraEnv);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).to.equal(0);
    return r.stdout;
  };

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-test-'));
    const { NEW_PASSWORD: _ignored, ...parent } = process.env;
    env = { ...parent, DATABASE_URL: `sqlite:${path.join(dir, 'site.sqlite')}`, LOG_LEVEL: 'silent', DEMO: '0', ADMIN_PASSWORD: 'x12345678' };
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses to work on a database that was not initialised', () => {
    const r = cli(['module', 'list']);
    expect(r.code).to.equal(1);
    expect(r.stderr).to.contain("error: the database is not initialised; run 'db init' first");
  });

  it('db init creates the database once', () => {
    // base, website and every other auto-install module, in dependency order
    expect(ok(['db', 'init'])).to.match(/installed: base, (\w+, )*website(, \w+)*\n/);
    expect(ok(['db', 'init'])).to.contain('already initialised');
  });

  it('module list shows base and website installed', () => {
    const lines = ok(['module', 'list']).split('\n');
    expect(lines.find((l) => l.startsWith('base '))).to.match(/1\.0\.0\s+installed/);
    expect(lines.find((l) => l.startsWith('website '))).to.match(/installed\s+base\s+The public site/);
  });

  it('module upgrade reports what it reloaded', () => {
    expect(ok(['module', 'upgrade', 'website'])).to.contain('upgraded: website');
  });

  it('site create, list, disable and enable', () => {
    const created = ok(['site', 'create', 'Second site', '--domain', 'second.example.com']);
    expect(created).to.match(/enabled: .*\bwebsite\b/);
    const id = /created website (\d+)/.exec(created)![1];
    expect(ok(['site', 'list'])).to.match(new RegExp(`^${id}\\s+Second site\\s+second\\.example\\.com\\s+en_US\\s+.*\\bwebsite\\b`, 'm'));
    // modules that depend on website go with it
    expect(ok(['site', 'disable', id, 'website'])).to.match(/disabled: .*\bwebsite\b/);
    expect(ok(['site', 'enable', id, 'website'])).to.contain('enabled: website');
  });

  it('user create and user passwd give working logins', async () => {
    ok(['user', 'create', 'jane@example.com', '--name', 'Jane Doe', '--password', 'first-pass-1']);
    expect(ok(['user', 'passwd', 'jane@example.com'], { NEW_PASSWORD: 'second-pass-2' })).to.contain("password changed for 'jane@example.com'");
    const adminOut = ok(['user', 'create', 'boss', '--name', 'The Boss', '--admin']);
    const generated = /password: (\S+)/.exec(adminOut)![1];

    const kernel = await Kernel.boot({ config: loadConfig(env) });
    try {
      const auth = kernel.container.get(AuthService);
      const jane = await auth.authenticate('jane@example.com', 'second-pass-2', '127.0.0.1');
      expect(jane.login).to.equal('jane@example.com');
      await auth.authenticate('jane@example.com', 'first-pass-1', '127.0.0.1').then(
        () => expect.fail('the old password still works'),
        (err: Error) => expect(err.message).to.equal('Wrong login/password'),
      );
      const boss = await auth.authenticate('boss', generated, '127.0.0.1');
      expect([...boss.groups]).to.include('base.group_system');
    } finally {
      await kernel.stop();
    }
  });

  it('an unknown module fails with exit 1 and a one-line error', () => {
    const r = cli(['module', 'install', 'no_such_module']);
    expect(r.code).to.equal(1);
    expect(r.stderr.trim()).to.equal("error: module 'no_such_module': no such module");
  });

  it('an unknown command prints the usage and exits 2', () => {
    const r = cli(['frobnicate']);
    expect(r.code).to.equal(2);
    expect(r.stderr).to.contain("error: unknown command 'frobnicate'").and.to.contain('module install <name...>');
  });
});

import { expect } from 'chai';
import { loadConfig } from '@platform/core/config';
import type { ModuleOperationStatus } from '@platform/core/module-manager';
import { Kernel } from '../kernel';
import { RpcClient } from '../../../test/support/rpc-client';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { freePort, isAlive, SiteProcess } from './site-process';

const PASSWORD = 'admin-pass-123';

async function until<T>(what: string, ms: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * `npm start` with WORKERS=2 as real processes: an administrator installs `forum` (which brings
 * website_mail and mail along) through the back office's calls; both workers swap to a kernel with it,
 * on the same port, without a restart.
 */
describe('WORKERS=2: a module installed from the back office reaches every worker', function () {
  this.timeout(180_000);
  let database: ThrowawayDatabase;
  let site: SiteProcess | undefined;

  before(async () => {
    database = await createThrowawayDatabase();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, adminPassword: PASSWORD, demo: false };
    await (await Kernel.boot({ config, install: ['website'], autoInstall: false })).stop();
    site = SiteProcess.spawn({ PORT: String(await freePort()), DATABASE_URL: database.url, WORKERS: '2' });
    await until('two workers serving', 60_000, () => site!.servingPids().length === 2);
  });
  after(async () => {
    if (site) {
      site.kill('SIGKILL');
      for (const pid of site.servingPids()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    await database?.drop();
  });

  it('installs forum and its dependencies; every worker serves /forum afterwards', async () => {
    const s = site!;
    const workers = s.servingPids();
    expect((await fetch(`${s.url}/forum`)).status).to.equal(404);
    const admin = new RpcClient(s.url);
    await admin.authenticate('admin', PASSWORD);
    expect(await admin.call('/web/backoffice/modules/plan', { modules: ['forum'] })).to.deep.equal({ install: ['bus', 'mail', 'website_mail', 'forum'] });
    const started = Date.now();
    const op = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/install', { modules: ['forum'] });
    const steps = new Set<string>();
    const end = await until('the install to end', 120_000, async () => {
      const status = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/status');
      steps.add(`${status.step}:${status.module ?? ''}`);
      return status.id === op.id && status.state !== 'running' ? status : undefined;
    });
    expect(end, JSON.stringify(end)).to.include({ state: 'done', progress: 100 });
    const installMs = Date.now() - started;
    // Every worker logs its reload; the other one within its poll (2 s).
    await until('both workers to reload', 15_000, () => workers.every((pid) => s.logs.some((l) => l.pid === pid && l.msg === 'reloaded modules')));
    for (let i = 0; i < 10; i++) expect((await fetch(`${s.url}/forum`)).status, `request ${i}`).to.equal(200);
    expect(s.servingPids()).to.deep.equal(workers); // no worker was restarted
    expect(s.logs.filter((l) => l.msg === 'worker exited; restarting it')).to.deep.equal([]);
    const reloadMs = s.logs.filter((l) => l.msg === 'reloaded modules').map((l) => l.ms);
    console.log(`      install of forum (+ mail, website_mail) through HTTP: ${installMs} ms; reload per worker: ${reloadMs.join(', ')} ms; steps seen: ${[...steps].join(', ')}`);
  });
});

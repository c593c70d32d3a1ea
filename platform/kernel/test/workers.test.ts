import net from 'node:net';
import { expect } from 'chai';
import { loadConfig } from '@platform/core/config';
import { Kernel } from '../kernel';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../../test/support/test-database';
import { freePort, isAlive, SiteProcess } from './site-process';

/** A database with base installed, so that the processes below boot quickly (nothing to install). */
async function preparedDatabase(): Promise<ThrowawayDatabase> {
  const database = await createThrowawayDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), databaseUrl: database.url, adminPassword: 'admin-pass-123', demo: false };
  await (await Kernel.boot({ config, autoInstall: false })).stop();
  return database;
}

async function until(what: string, ms: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function killAll(site: SiteProcess | undefined): void {
  if (!site) return;
  site.kill('SIGKILL');
  for (const pid of site.servingPids()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

describe('WORKERS=2: the primary supervises its workers', function () {
  this.timeout(120_000);
  let database: ThrowawayDatabase;
  let site: SiteProcess;
  let pids: number[];

  before(async () => {
    database = await preparedDatabase();
    site = SiteProcess.spawn({ PORT: String(await freePort()), DATABASE_URL: database.url, WORKERS: '2' });
    await until('two workers serving', 60_000, () => site.servingPids().length === 2);
    pids = site.servingPids();
  });
  after(async () => {
    killAll(site);
    await database?.drop();
  });

  it('replaces a SIGKILLed worker, and the other one answers meanwhile', async () => {
    const [victim, survivor] = pids;
    process.kill(victim, 'SIGKILL');
    await until('the killed worker to be gone', 5000, () => !isAlive(victim));
    await new Promise((r) => setTimeout(r, 200));
    for (let i = 0; i < 10; i++) expect((await fetch(`${site.url}/health`)).status).to.equal(200);

    await until('a new worker', 30_000, () => site.servingPids().some((p) => !pids.includes(p)));
    const replacement = site.servingPids().find((p) => !pids.includes(p))!;
    expect(isAlive(replacement)).to.equal(true);
    expect(isAlive(survivor)).to.equal(true);
    expect(site.proc.exitCode).to.equal(null);
    pids = [survivor, replacement];
  });

  it('on SIGTERM stops its workers and exits 0, restarting none', async () => {
    const serving = site.servingPids().length;
    site.kill('SIGTERM');
    const exit = await Promise.race([site.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(exit).to.deep.equal({ code: 0, signal: null });
    for (const pid of pids) expect(isAlive(pid), `worker ${pid}`).to.equal(false);
    expect(site.servingPids()).to.have.length(serving);
  });
});

describe('WORKERS=2: workers that keep crashing', function () {
  this.timeout(120_000);
  let database: ThrowawayDatabase;
  let site: SiteProcess | undefined;
  let taken: net.Server | undefined;

  before(async () => {
    database = await preparedDatabase();
  });
  after(async () => {
    killAll(site);
    await new Promise((r) => (taken ? taken.close(r) : r(undefined)));
    await database?.drop();
  });

  it('make the primary give up with a non-zero exit code (here: the port is taken by another program)', async () => {
    // The primary prepares the database, then every worker fails to listen: a supervisor must see it.
    taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken!.listen(port, resolve));
    site = SiteProcess.spawn({ PORT: String(port), DATABASE_URL: database.url, WORKERS: '2' });
    const exit = await Promise.race([site.exited, new Promise((r) => setTimeout(() => r('still running'), 100_000))]);
    expect(exit).to.deep.equal({ code: 1, signal: null });
    const restarts = site.logs.filter((l) => l.msg.startsWith('worker exited'));
    expect(restarts.length, 'workers were restarted before giving up').to.be.greaterThan(2);
    expect(site.logs.map((l) => l.msg)).to.include('workers keep crashing: giving up');
    expect(site.stderr).to.contain('EADDRINUSE');
  });
});

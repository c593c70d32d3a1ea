import { expect } from 'chai';
import WebSocket from 'ws';
import type { ModuleOperationStatus } from '@platform/core/module-manager';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { UserAccounts } from '@platform/base';
import { fixture } from './support';

async function waitForEnd(client: RpcClient, id: number, seen: ModuleOperationStatus[] = []): Promise<ModuleOperationStatus> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await client.call<ModuleOperationStatus>('/web/backoffice/modules/status');
    seen.push(status);
    if (status.id === id && status.state !== 'running') return status;
    if (Date.now() > deadline) throw new Error(`operation still running: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Installing and upgrading modules through the back office's calls, on a server that keeps serving:
 * the fixture modules hot_hello (a table, a data record, GET /hot_hello) and hot_dep (its dependency),
 * and fail_migration (its second migration fails).
 */
describe('modules installed from the back office, without a restart', function () {
  this.timeout(120_000);
  let t: TestKernel;
  let admin: RpcClient;

  before(async () => {
    t = await bootTestKernel({ modules: [], http: true, roots: [fixture('hot-install'), fixture('failing-migration')] });
    admin = new RpcClient(t.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
  });
  after(async () => t?.stop());

  it('refuses users who are not administrators', async () => {
    await t.kernel.container.get(UserAccounts).create({ name: 'Internal', login: 'internal', password: 'internal-pass-123', groups: ['base.group_user'] });
    const user = new RpcClient(t.url);
    await user.authenticate('internal', 'internal-pass-123');
    for (const path of ['/web/backoffice/modules/install', '/web/backoffice/modules/upgrade', '/web/backoffice/modules/plan']) {
      const answer = await user.rpc(path, { modules: ['hot_hello'] });
      expect(answer.error?.data.name, path).to.equal('AccessError');
    }
    expect((await user.rpc('/web/backoffice/modules/status')).error?.data.name).to.equal('AccessError');
    const visitor = new RpcClient(t.url);
    expect((await visitor.rpc('/web/backoffice/modules/install', { modules: ['hot_hello'] })).error).to.exist;
    expect((await admin.call<ModuleOperationStatus>('/web/backoffice/modules/status')).state).to.equal('idle');
  });

  it('names the dependencies that come along, and refuses unknown modules', async () => {
    expect(await admin.call('/web/backoffice/modules/plan', { modules: ['hot_hello'] })).to.deep.equal({ install: ['hot_dep', 'hot_hello'] });
    expect((await admin.rpc('/web/backoffice/modules/install', { modules: ['no_such_module'] })).error?.data.message).to.equal('Unknown module: no_such_module');
  });

  it('one operation at a time: a second install while one runs is refused', async () => {
    const other = new RpcClient(t.url);
    await other.authenticate('admin', ADMIN_PASSWORD);
    const started = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/install', { modules: ['hot_slow'] });
    // Another administrator (another session) meanwhile, and the first one again.
    for (const client of [other, admin]) {
      const second = await client.rpc('/web/backoffice/modules/install', { modules: ['hot_hello'] });
      expect(second.error?.data.message).to.equal('An installation is already running: wait until it ends, then try again.');
    }
    // While its migration runs (in the installer's process, holding SQLite's write lock for a second),
    // the site still answers, writes included: they wait for the lock instead of failing.
    await until(async () => {
      const s = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/status');
      return s.step === 'migrating' && s.module === 'hot_slow' && s.progress > 0 && s.progress < 90;
    });
    const partner = await admin.callKw<number>('res.partner', 'create', [{ name: 'Written during an install' }]);
    expect(partner).to.be.a('number');
    expect((await waitForEnd(admin, started.id)).state).to.equal('done');
  });

  it('installs a module and its dependency; its route answers on the same port', async () => {
    expect((await fetch(`${t.url}/hot_hello`)).status).to.equal(404);
    const port = t.server!.port;
    const started = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/install', { modules: ['hot_hello'] });
    expect(started).to.include({ state: 'running', operation: 'install', step: 'resolving' });
    expect(started.plan).to.deep.equal(['hot_dep', 'hot_hello']);

    const end = await waitForEnd(admin, started.id);
    expect(end).to.include({ state: 'done', step: 'done', progress: 100, error: null });

    const res = await fetch(`${t.url}/hot_hello`);
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal('hello, installed without a restart');
    expect(t.server!.port).to.equal(port);
    expect([...t.server!.kernel.installedNames]).to.include.members(['hot_dep', 'hot_hello']);
    expect((await admin.rpc('/web/backoffice/modules/install', { modules: ['hot_hello'] })).error?.data.message).to.equal('Already installed: hot_hello');
    // The session survived the swap: the same admin keeps working.
    const modules = await admin.call<{ modules: Array<{ name: string; installed: boolean }> }>('/web/backoffice/modules');
    expect(modules.modules.find((m) => m.name === 'hot_hello')?.installed).to.equal(true);
  });

  it('upgrade reloads the module data', async () => {
    const db = t.server!.kernel.db;
    const ref = await db('ir_model_data').where({ module: 'hot_hello', name: 'partner_hot' }).first();
    await db('res_partner').where({ id: ref.res_id }).update({ name: 'Edited by hand' });
    const started = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/upgrade', { modules: ['hot_hello'] });
    expect(started.plan).to.deep.equal(['hot_hello']);
    const end = await waitForEnd(admin, started.id);
    expect(end.state).to.equal('done');
    const partner = await t.server!.kernel.db('res_partner').where({ id: ref.res_id }).first('name');
    expect(partner.name).to.equal('Hot partner');
  });

  it('a failing migration is reported with the module and the reason, and the site keeps serving', async () => {
    const before = t.server!.kernel;
    const started = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/install', { modules: ['fail_migration'] });
    const end = await waitForEnd(admin, started.id);
    expect(end).to.include({ state: 'failed', module: 'fail_migration' });
    expect(end.error).to.match(/^migration 20260101000001_boom\.ts failed: /);
    expect(t.server!.kernel).to.equal(before);
    expect((await fetch(`${t.url}/hot_hello`)).status).to.equal(200);
    expect((await fetch(`${t.url}/health`)).status).to.equal(200);
    // Its first migration stays applied (each migration is its own transaction); the module is not installed.
    const applied = await before.db('ir_module_migration').where({ module: 'fail_migration' }).select('name');
    expect(applied.map((r: { name: string }) => r.name)).to.deep.equal(['20260101000000_ok']);
    expect(await before.db('ir_module_module').where({ name: 'fail_migration' }).first()).to.equal(undefined);
    // The lock is free again.
    expect((await admin.call<ModuleOperationStatus>('/web/backoffice/modules/upgrade', { modules: ['hot_dep'] })).state).to.equal('running');
    expect((await waitForEnd(admin, (await admin.call<ModuleOperationStatus>('/web/backoffice/modules/status')).id)).state).to.equal('done');
  });
});

describe('a reload re-attaches the server hooks (the bus WebSocket)', function () {
  this.timeout(60_000);
  let t: TestKernel;

  before(async () => {
    t = await bootTestKernel({ modules: ['bus'], http: true, roots: [fixture('hot-install')] });
  });
  after(async () => t?.stop());

  function openSocket(): Promise<WebSocket> {
    const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/websocket`);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
  }

  it('closes the old kernel\'s sockets, and the new kernel answers upgrades, with one listener', async () => {
    const server = t.server!.server;
    expect(server.listenerCount('upgrade')).to.equal(1);
    const before = await openSocket();
    const closed = new Promise<void>((resolve) => before.once('close', () => resolve()));
    const admin = new RpcClient(t.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const op = await admin.call<ModuleOperationStatus>('/web/backoffice/modules/install', { modules: ['hot_dep'] });
    expect((await waitForEnd(admin, op.id)).state).to.equal('done');
    await closed;
    expect(t.server!.kernel).to.not.equal(t.kernel);
    expect(server.listenerCount('upgrade')).to.equal(1);
    const after = await openSocket();
    after.close();
  });
});

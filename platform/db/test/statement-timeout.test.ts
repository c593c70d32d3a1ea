import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { loadConfig } from '@platform/core/config';
import { FIXTURES } from '@platform/orm/test/support';
import { migrateModule } from '../migrator';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

function boot(statementTimeoutMs?: number): Promise<TestKernel> {
  return bootTestKernel({
    modules: ['orm_test'], roots: [FIXTURES], http: true,
    config: statementTimeoutMs === undefined ? {} : { statementTimeoutMs },
  });
}

/** Active statements of this database running pg_sleep (the monitoring query itself does not match). */
async function sleeping(tk: TestKernel): Promise<number> {
  const r = await tk.kernel.db.raw("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'SELECT pg_sleep%'");
  return Number(r.rows[0].n);
}

async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('db: DB_STATEMENT_TIMEOUT_MS', () => {
  it('defaults to 30 s, takes 0 for none, refuses anything else', () => {
    expect(loadConfig({}).statementTimeoutMs).to.equal(30_000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).statementTimeoutMs).to.equal(0);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '1500' }).statementTimeoutMs).to.equal(1500);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).to.throw(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '-1' })).to.throw(/DB_STATEMENT_TIMEOUT_MS/);
  });
});

describe('db: PostgreSQL statement timeout', function () {
  this.timeout(30_000);
  let tk: TestKernel;
  before(async function () {
    if (!onPostgres) return this.skip();
    tk = await boot(500);
  });
  after(async () => tk?.stop());

  it('is set on every pooled connection', async () => {
    const shown = await Promise.all(Array.from({ length: 3 }, () => tk.kernel.db.raw('SHOW statement_timeout')));
    for (const r of shown) expect(r.rows[0].statement_timeout).to.equal('500ms');
  });

  it('cancels a longer statement; the JSON-RPC answer is a clean UserError, not an internal error', async () => {
    const started = Date.now();
    const answer = await new RpcClient(tk.url).rpc('/orm_test/sleep', { seconds: 3 });
    expect(Date.now() - started).to.be.below(2500);
    expect(answer.result).to.equal(undefined);
    expect(answer.error?.code).to.equal(200);
    expect(answer.error?.data.name).to.equal('UserError');
    expect(answer.error?.data.message).to.match(/took too long and was cancelled/);
    expect(JSON.stringify(answer)).not.to.match(/stack|57014|pg_sleep|InternalError/);
    // the connection went back to the pool in a usable state
    expect((await tk.kernel.db.raw('SELECT 1 AS one')).rows[0].one).to.equal(1);
  });

  it('does not limit migrations', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'slow-migration-'));
    try {
      fs.writeFileSync(path.join(folder, '20260101000000_slow.ts'), "export async function up(knex: any) { await knex.raw('SELECT pg_sleep(0.8)'); }\n");
      expect(await migrateModule(tk.kernel.db, 'slow_fixture', folder)).to.deep.equal(['20260101000000_slow']);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('db: cancelling the statement of a request that is gone (PostgreSQL)', function () {
  this.timeout(30_000);
  let tk: TestKernel;
  before(async function () {
    if (!onPostgres) return this.skip();
    tk = await boot();
  });
  after(async () => tk?.stop());

  it('cancels the running statement when the HTTP client disconnects', async () => {
    const client = new AbortController();
    const request = fetch(`${tk.url}/orm_test/sleep`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, signal: client.signal,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { seconds: 20 } }),
    }).catch(() => 'aborted');
    expect(await until(async () => (await sleeping(tk)) === 1, 5000), 'the statement started').to.equal(true);
    client.abort();
    expect(await request).to.equal('aborted');
    expect(await until(async () => (await sleeping(tk)) === 0, 3000), 'the statement was cancelled').to.equal(true);
    // the server goes on answering, and its pool is whole
    const answers = await Promise.all(Array.from({ length: 12 }, () => tk.kernel.db.raw('SELECT 1 AS one')));
    expect(answers.every((a) => a.rows[0].one === 1)).to.equal(true);
    expect((await fetch(`${tk.url}/health`)).status).to.equal(200);
  });

  it('an environment\'s transaction is cancelled when its signal aborts, and only then', async () => {
    const gone = new AbortController();
    const env = tk.sudo().withSignal(gone.signal);
    const started = Date.now();
    const work = env.transaction((e) => e.db.raw('SELECT pg_sleep(20)')).then(() => null, (err: { code?: string }) => err);
    expect(await until(async () => (await sleeping(tk)) === 1, 5000)).to.equal(true);
    gone.abort();
    expect((await work)?.code).to.equal('57014');
    expect(Date.now() - started).to.be.below(5000);
    // a signal that does not abort changes nothing
    const kept = new AbortController();
    expect((await tk.sudo().withSignal(kept.signal).transaction((e) => e.db.raw('SELECT pg_sleep(0.2), 7 AS n'))).rows[0].n).to.equal(7);
    // a request already gone does not start its work
    await env.transaction(async () => 'not run').then(() => expect.fail('ran'), (err: Error) => expect(err.message).to.match(/abandoned/));
  });
});

import { expect } from 'chai';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { Notification } from '../server/services/bus-options';
import { BusService } from '../server/services/bus-service';
import { ServerProcess } from './server-process';

/**
 * Two real processes on one database, as with WORKERS=2: this test process (a kernel serving HTTP)
 * and a server process of its own. Runs on the SQLite file of the test database, or on PostgreSQL.
 */
describe('bus: two processes on one database', function () {
  this.timeout(90_000);
  let tk: TestKernel;
  let other: ServerProcess;
  let adminPartner: string;

  before(async () => {
    tk = await bootTestKernel({ modules: ['bus'], http: true });
    other = await ServerProcess.start(tk.kernel.config.databaseUrl, { BUS_POLL_TIMEOUT_MS: '5000' });
    const row = await tk.kernel.db('res_users').where({ login: 'admin' }).first('partner_id');
    adminPartner = `res.partner:${row.partner_id}`;
  });
  after(async () => {
    await other?.kill();
    await tk?.stop();
  });

  it('a notification sent in one process wakes a long-poll held by the other within 1 s', async () => {
    const bus = tk.kernel.container.get(BusService);
    const operator = new RpcClient(other.url);
    await operator.authenticate('admin', ADMIN_PASSWORD);
    for (let round = 0; round < 3; round++) {
      const polling = operator.call<Notification[]>('/longpolling/poll', { channels: [], last: await bus.lastId() });
      await new Promise((r) => setTimeout(r, 300)); // the poll is held on the other process by now
      const sentAt = Date.now();
      const sent = await bus.send(adminPartner, { round });
      const got = await polling;
      expect(got.map((n) => n.id), `round ${round}`).to.deep.equal([sent.id]);
      expect(Date.now() - sentAt, `round ${round}`).to.be.below(1000);
    }
  });

  // 60 at once, 30 per process: an account may have 4 calls running and 32 waiting per process (the
  // call_kw budget); beyond that it is refused on purpose, which is not what this test is about.
  it('60 concurrent writes spread over both processes all succeed (no "database is locked")', async () => {
    const here = new RpcClient(tk.url);
    const there = new RpcClient(other.url);
    await Promise.all([here.authenticate('admin', ADMIN_PASSWORD), there.authenticate('admin', ADMIN_PASSWORD)]);
    const partner = await here.callKw<number>('res.partner', 'create', [{ name: 'Written from two processes' }]);
    // Each call_kw is one transaction that reads (the record, its access rules) before it writes.
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? here : there)
      .rpc('/web/dataset/call_kw', { model: 'res.partner', method: 'write', args: [[partner], { city: `write ${i}` }], kwargs: {} })));
    const failed = answers.filter((a) => a.error).map((a) => a.error!.data.message);
    expect(failed).to.deep.equal([]);
  });
});

import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { LeasedQueue } from '../leased-queue';
import { mailQueueSettings } from '../mail-settings';
import { deliveryError, MailDeliveryError } from '../mail-transport';
import { addQueueColumns } from '../queue-columns';
import { SmtpTransport } from '../smtp-transport';

describe('platform/mail: leased queue', () => {
  let tk: TestKernel;
  const settings = { ...mailQueueSettings({}), leaseSeconds: 30, retryBaseSeconds: 10, maxAttempts: 3 };
  before(async () => {
    tk = await bootTestKernel({ modules: ['mail'] });
    await tk.kernel.db.schema.createTable('test_queue', (t) => {
      t.increments('id').primary();
      t.integer('batch').notNullable();
      addQueueColumns(t);
    });
  });
  after(async () => tk?.stop());

  const fill = async (batch: number, n: number) => tk.kernel.db.batchInsert('test_queue', Array.from({ length: n }, () => ({ batch })), 400);
  const states = async (batch: number) => (await tk.kernel.db('test_queue').where({ batch }).orderBy('id').pluck('state')) as string[];

  it('two workers claiming at once never get the same row', async () => {
    await fill(1, 50);
    const a = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const b = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const claims = await Promise.all([a.claim({ batch: 1 }, 20), b.claim({ batch: 1 }, 20), a.claim({ batch: 1 }, 20), b.claim({ batch: 1 }, 20)]);
    const ids = claims.flat().map((r) => r.id);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(ids).to.have.length(50);
    expect(claims.every((c) => c.length <= 20)).to.equal(true);
    expect(await a.claim({ batch: 1 }, 20)).to.have.length(0);
  });

  it('a claim takes at most its limit, oldest first', async () => {
    await fill(4, 2000);
    const q = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const first = await q.claim({ batch: 4 }, 100);
    const second = await q.claim({ batch: 4 }, 100);
    expect(first).to.have.length(100);
    expect(second).to.have.length(100);
    expect(second[0].id).to.equal(first[99].id + 1);
    expect(await tk.kernel.db('test_queue').where({ batch: 4, state: 'sending' }).count({ n: '*' }).first()).to.have.property('n').that.satisfies((n: unknown) => Number(n) === 200);
  });

  it('a claim is one statement that returns the claimed rows with their lease, oldest first', async () => {
    await fill(5, 5);
    const q = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const sql: string[] = [];
    const onQuery = (query: { sql: string }) => sql.push(query.sql);
    tk.kernel.db.on('query', onQuery);
    const now = Date.now();
    const claimed = await q.claim({ batch: 5 }, 3, now).finally(() => tk.kernel.db.off('query', onQuery));
    // No read-back by lease_owner: no index covers it, so it would scan the whole queue.
    expect(sql).to.have.length(1);
    expect(sql[0]).to.match(/^(with .*)?update /i);
    expect(claimed.map((r) => r.id)).to.deep.equal([...claimed.map((r) => r.id)].sort((a, b) => a - b));
    const stored = await tk.kernel.db('test_queue').where({ batch: 5 }).orderBy('id').limit(3);
    expect(claimed.map((r) => ({ id: r.id, state: r.state, attempts: Number(r.attempts), lease_owner: r.lease_owner, lease_until: Number(r.lease_until) })))
      .to.deep.equal(stored.map((r) => ({ id: r.id, state: 'sending', attempts: 1, lease_owner: r.lease_owner, lease_until: now + 30_000 })));
    expect(new Set(claimed.map((r) => r.lease_owner)).size).to.equal(1);
    expect(await q.claim({ batch: 6 }, 3, now)).to.deep.equal([]);
  });

  it('renews only the rows it is given, and only while this worker holds them', async () => {
    await fill(7, 3);
    const mine = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const other = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const t0 = Date.now();
    const [kept, left, lost] = await mine.claim({ batch: 7 }, 3, t0);
    // `lost` expires and another worker takes it over; `left` is not in the renewed list (e.g. its "sent" write failed).
    await tk.kernel.db('test_queue').where({ id: lost.id }).update({ lease_until: t0 });
    const [taken] = await other.claim({ batch: 7 }, 3, t0 + 1);
    expect(taken.id).to.equal(lost.id);
    await mine.renew([kept, lost], t0 + 10_000);
    const leaseOf = async (id: number) => Number((await tk.kernel.db('test_queue').where({ id }).first()).lease_until);
    expect(await leaseOf(kept.id)).to.equal(t0 + 40_000);
    expect(await leaseOf(left.id)).to.equal(t0 + 30_000);
    expect(await leaseOf(lost.id)).to.equal(t0 + 1 + 30_000);
    await mine.renew([]);
  });

  it('a dead worker\'s rows come back when its lease expires, and it can no longer record them', async () => {
    await fill(2, 3);
    const dead = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const alive = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    const t0 = Date.now();
    const claimed = await dead.claim({ batch: 2 }, 10, t0);
    expect(await alive.claim({ batch: 2 }, 10, t0 + 29_000)).to.have.length(0);
    const reclaimed = await alive.claim({ batch: 2 }, 10, t0 + 31_000);
    expect(reclaimed.map((r) => r.id)).to.deep.equal(claimed.map((r) => r.id));
    expect(reclaimed.every((r) => Number(r.attempts) === 2)).to.equal(true);
    expect(await dead.markSent(claimed)).to.equal(0);
    expect(await alive.markSent(reclaimed)).to.equal(3);
    expect(await states(2)).to.deep.equal(['sent', 'sent', 'sent']);
  });

  it('temporary failures are retried with doubling delays, then marked failed; permanent ones bounce', async () => {
    await fill(3, 2);
    const q = new LeasedQueue(tk.kernel.db, 'test_queue', settings);
    let now = Date.now();
    const [temp, perm] = await q.claim({ batch: 3 }, 10, now);
    expect(await q.markFailed(perm, new MailDeliveryError('No such user', true, 550), now)).to.equal('bounced');
    const delays: number[] = [];
    let row = temp;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const outcome = await q.markFailed(row, new MailDeliveryError('Try later', false, 451), now);
      if (attempt < 3) {
        expect(outcome).to.equal('retry');
        const next = Number((await tk.kernel.db('test_queue').where({ id: temp.id }).first()).next_attempt_at);
        delays.push(next - now);
        expect(await q.claim({ batch: 3 }, 10, next - 1)).to.have.length(0);
        now = next;
        [row] = await q.claim({ batch: 3 }, 10, now);
      } else {
        expect(outcome).to.equal('failed');
      }
    }
    expect(delays).to.deep.equal([10_000, 20_000]);
    expect(await states(3)).to.deep.equal(['failed', 'bounced']);
    expect(await q.nextDue({ batch: 3 })).to.equal(null);
  });

  it('classifies SMTP errors: 5xx permanent, 4xx and network errors temporary', () => {
    expect(deliveryError(Object.assign(new Error('x'), { responseCode: 550, response: '550 No such user' }))).to.include({ permanent: true, responseCode: 550, message: '550 No such user' });
    expect(deliveryError(Object.assign(new Error('x'), { responseCode: 452 }))).to.include({ permanent: false, responseCode: 452 });
    expect(deliveryError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).to.include({ permanent: false });
  });

  it('an unreachable SMTP server is a temporary error', async () => {
    const transport = new SmtpTransport('smtp://127.0.0.1:1');
    const err = await transport.send({ from: 'a@example.com', to: 'b@example.com', subject: 's', html: '<p>x</p>', messageId: '<x@example.com>' }).catch((e: unknown) => e);
    await transport.close();
    expect(err).to.be.instanceOf(MailDeliveryError).and.to.include({ permanent: false });
  });
});

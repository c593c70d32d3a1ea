import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { until } from '../../../test/support/until';
import { LeasedQueue } from '../leased-queue';
import { mailQueueSettings } from '../mail-settings';
import type { MailTransport, OutgoingMail, SentMail } from '../mail-transport';
import { addQueueColumns } from '../queue-columns';
import { drainQueue } from '../queue-worker';

/** Accepts every message at once and remembers it. */
class AcceptingTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  readonly sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail): Promise<SentMail> {
    this.sent.push(mail);
    return { messageId: mail.messageId, response: '250 OK' };
  }
  async close(): Promise<void> {}
}

describe('platform/mail: queue worker', () => {
  let tk: TestKernel;
  const settings = { ...mailQueueSettings({}), batchSize: 4, concurrency: 4 };
  before(async () => {
    tk = await bootTestKernel({ modules: ['mail'] });
    await tk.kernel.db.schema.createTable('test_drain', (t) => {
      t.increments('id').primary();
      t.integer('batch').notNullable();
      addQueueColumns(t);
    });
  });
  after(async () => tk?.stop());

  const fill = async (batch: number, n: number) => tk.kernel.db.batchInsert('test_drain', Array.from({ length: n }, () => ({ batch })), 400);
  const drain = (batch: number, transport: MailTransport, onBatch: () => Promise<void>) => drainQueue({
    queue: new LeasedQueue(tk.kernel.db, 'test_drain', settings), scope: { batch }, transport,
    compose: (row) => ({ from: 'a@example.com', to: `r${row.id}@example.com`, subject: 's', html: '<p>x</p>', messageId: `<${row.id}@example.com>` }),
    onBatch,
  });

  it('a slow onBatch holds up no claim; its calls never overlap, and the final call still comes', async () => {
    await fill(1, 20);
    const transport = new AcceptingTransport();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    let running = 0;
    let overlapped = false;
    const done = drain(1, transport, async () => {
      calls++;
      overlapped ||= running > 0;
      running++;
      await gate;
      running--;
    });
    // Every batch is claimed and sent while the first progress call is still waiting.
    await until(() => transport.sent.length === 20);
    expect(calls).to.equal(1);
    release();
    expect(await done).to.deep.equal({ sent: 20, bounced: 0, retried: 0, failed: 0 });
    expect(overlapped).to.equal(false);
    // The first call, one for the batches claimed meanwhile, and the final one.
    expect(calls).to.equal(3);
  });

  it('a failing progress call neither stops the sending nor becomes an unhandled rejection', async () => {
    await fill(2, 10);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let calls = 0;
      const report = await drain(2, new AcceptingTransport(), async () => {
        if (calls++ === 0) throw new Error('statistics failed');
      });
      expect(report.sent).to.equal(10);
      await new Promise((r) => setImmediate(r));
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a slot sends its next message only once the previous one is recorded: at most one accepted, unrecorded message per slot', async () => {
    await fill(3, 60);
    const accepted: number[] = [];
    let worst = 0;
    // Accepts at once; before each message, counts those it accepted that are not yet recorded as sent.
    const transport: MailTransport = {
      kind: 'outbox',
      send: async (mail) => {
        const sent = new Set((await tk.kernel.db('test_drain').where({ batch: 3, state: 'sent' }).pluck('id')).map(Number));
        worst = Math.max(worst, accepted.filter((id) => !sent.has(id)).length);
        accepted.push(Number(/<(\d+)@/.exec(mail.messageId)![1]));
        return { messageId: mail.messageId, response: '250 OK' };
      },
      close: async () => undefined,
    };
    expect(await drain(3, transport, async () => undefined)).to.deep.equal({ sent: 60, bounced: 0, retried: 0, failed: 0 });
    // The slot asking holds nothing unrecorded, each of the others at most one.
    expect(worst).to.be.at.most(settings.concurrency - 1);
    expect(await tk.kernel.db('test_drain').where({ batch: 3 }).whereNot({ state: 'sent' }).count({ n: '*' }).first()).to.deep.include({ n: 0 });
  });

  it('composes asynchronously; a row composed to null is closed unsent and uncounted, a compose that throws is retried', async () => {
    await fill(4, 6);
    const transport = new AcceptingTransport();
    const report = await drainQueue({
      queue: new LeasedQueue(tk.kernel.db, 'test_drain', settings), scope: { batch: 4 }, transport,
      compose: async (row) => {
        await new Promise((r) => setImmediate(r));
        if (Number(row.id) % 3 === 0) return null;
        if (Number(row.id) % 3 === 1) throw new Error('the record could not be read');
        return { from: 'a@example.com', to: `r${row.id}@example.com`, subject: 's', html: '<p>x</p>', messageId: `<${row.id}@example.com>` };
      },
    });
    expect(report).to.deep.equal({ sent: 2, bounced: 0, retried: 2, failed: 0 });
    expect(transport.sent.map((m) => m.to)).to.have.length(2);
    const states = await tk.kernel.db('test_drain').where({ batch: 4 }).orderBy('id').select('id', 'state');
    for (const r of states) expect(r.state).to.equal(Number(r.id) % 3 === 1 ? 'pending' : 'sent');
  });
});

import { expect } from 'chai';
import pino from 'pino';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { until } from '../../../test/support/until';
import { MailQueues } from '../mail-queues';
import { mailQueueSettings } from '../mail-settings';
import type { MailTransport, OutgoingMail, SentMail } from '../mail-transport';
import { addQueueColumns } from '../queue-columns';

/** Holds every message until `open()`, as a slow SMTP server would. */
class GatedTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  readonly received: OutgoingMail[] = [];
  private release!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.release = resolve));
  async send(mail: OutgoingMail): Promise<SentMail> {
    this.received.push(mail);
    await this.gate;
    return { messageId: mail.messageId, response: '250 OK' };
  }
  open(): void {
    this.release();
  }
  async close(): Promise<void> {}
}

describe('platform/mail: the kernel’s queued senders stop together', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['mail'] });
    await tk.kernel.db.schema.createTable('test_stop', (t) => {
      t.increments('id').primary();
      addQueueColumns(t);
    });
  });
  after(async () => tk?.stop());

  it('a stop lets the running drain send what it claimed, claims no more, and leaves the rest for the next start', async () => {
    const db = tk.kernel.db;
    await db.batchInsert('test_stop', Array.from({ length: 20 }, () => ({ state: 'pending' })), 100);
    const transport = new GatedTransport();
    const settings = { ...mailQueueSettings({}), batchSize: 4, concurrency: 2 };
    const queues = new MailQueues(db, transport, settings, pino({ level: 'silent' }));
    const sender = queues.sender({
      table: 'test_stop', label: 'test',
      compose: (row) => ({ from: 'a@example.com', to: `r${row.id}@example.com`, subject: 's', html: '<p>x</p>', messageId: `<${row.id}@example.com>` }),
    });
    const drained = sender.kick();
    await until(() => transport.received.length === 2); // both slots hold a message at the server
    let stopped = false;
    const stopping = queues.stopAll().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped, 'not before the messages held are answered').to.equal(false);
    transport.open();
    await stopping;
    await drained;
    const rows = await db('test_stop').select('state', 'lease_owner');
    const sent = rows.filter((r) => r.state === 'sent').length;
    // The first batch claimed (4 rows) is sent; nothing more was claimed, and nothing stays leased.
    expect(sent).to.equal(4);
    expect(transport.received).to.have.length(4);
    expect(rows.filter((r) => r.state === 'pending' && r.lease_owner === null)).to.have.length(16);
    // A kick after the stop sends nothing.
    await sender.kick();
    expect(transport.received).to.have.length(4);
  });
});

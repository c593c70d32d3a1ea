import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { MailingSender } from '../server/services/mailing-sender';
import { listWith, mailingFor } from './support/fixtures';

/** The counters the progress bar reads every 500 ms while a mailing goes out. */
describe('mass_mailing: statistics of a mailing', () => {
  let tk: TestKernel;
  let sender: MailingSender;
  let mailingId: number;

  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'] });
    sender = tk.kernel.container.get(MailingSender);
    const env = tk.sudo();
    const emails = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((x) => `${x}@example.com`);
    mailingId = await mailingFor(env, [await listWith(env, 'Stats', emails)]);
    await sender.queue(env, mailingId);
    // One recipient per state, and a few who opened, clicked or left.
    const rows = await env.db('mail_mass_mailing_recipient').where({ mailing_id: mailingId }).orderBy('id').pluck('id');
    const set = (i: number, values: Record<string, unknown>) => env.db('mail_mass_mailing_recipient').where({ id: rows[i] }).update(values);
    await set(0, { state: 'sent', opened_at: 1, clicked_at: 2 });
    await set(1, { state: 'sent', opened_at: 1, unsubscribed_at: 3 });
    await set(2, { state: 'sent' });
    await set(3, { state: 'bounced' });
    await set(4, { state: 'failed' });
    await set(5, { state: 'sending' });
  });
  after(async () => tk?.stop());

  it('are read in one query, and count what the model counts', async () => {
    const queries: string[] = [];
    const onQuery = (q: { sql: string }) => queries.push(q.sql);
    tk.kernel.db.on('query', onQuery);
    let stats;
    try {
      stats = await sender.statistics(tk.sudo(), mailingId);
    } finally {
      tk.kernel.db.off('query', onQuery);
    }
    expect(queries, queries.join('\n')).to.have.length(1);
    expect(stats).to.deep.equal({ state: 'queued', total: 7, pending: 2, sent: 5, delivered: 3, bounced: 1, failed: 1, opened: 2, clicked: 1, unsubscribed: 1 });
    const [fromModel] = await tk.sudo().model('mail.mass_mailing').read([mailingId], ['state', 'total', 'pending', 'sent', 'delivered', 'bounced', 'failed', 'opened', 'clicked', 'unsubscribed']);
    expect({ ...fromModel, id: undefined }).to.deep.equal({ ...stats, id: undefined });
  });

  it('a mailing without recipients counts zeros; an unknown one is a MissingError', async () => {
    const draft = await mailingFor(tk.sudo(), []);
    expect(await sender.statistics(tk.sudo(), draft)).to.deep.equal({ state: 'draft', total: 0, pending: 0, sent: 0, delivered: 0, bounced: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0 });
    const error = await sender.statistics(tk.sudo(), 999_999).catch((err: Error) => err);
    expect(error).to.be.instanceOf(Error).and.include({ name: 'MissingError', message: 'This mailing does not exist.' });
  });
});

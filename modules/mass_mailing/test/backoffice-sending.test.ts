import { expect } from 'chai';
import { UserAccounts } from '@platform/base';
import { BusService } from '@modules/bus';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import type { MailingProgressMessage } from '../server/services/mailing-progress';
import type { MailingStatistics } from '../server/services/mailing-sender';
import { listWith, mailingFor, setBaseUrl } from './support/fixtures';
import { SmtpSink, smtpError } from './support/smtp-sink';

interface Notification { id: number; channel: string; message: unknown }

/**
 * What the back office composer relies on: a newsletter user (not only administrators) previews,
 * sends a test through the real SMTP server, sends in the background and follows the progress on the
 * mailing's bus channel, then reads the statistics.
 */
describe('mass_mailing: back office sending, progress over the bus, statistics', function () {
  this.timeout(30000);
  let sink: SmtpSink;
  let tk: TestKernel;
  let marketer: RpcClient;
  let employee: RpcClient;
  const poll = (client: RpcClient, channels: string[], last: number) => client.call<Notification[]>('/longpolling/poll', { channels, last, options: { bus_inactivity: 0 } });

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: sink.url } });
    await setBaseUrl(tk.sudo(), tk.url);
    const accounts = new UserAccounts(() => tk.sudo());
    await accounts.create({ name: 'Marketer', login: 'marketer', email: 'marketer@example.com', password: 'marketer-password', groups: ['mass_mailing.group_mass_mailing_user'] });
    await accounts.create({ name: 'Employee', login: 'employee', password: 'employee-password', groups: ['base.group_user'] });
    marketer = new RpcClient(tk.url);
    await marketer.authenticate('marketer', 'marketer-password');
    employee = new RpcClient(tk.url);
    await employee.authenticate('employee', 'employee-password');
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });
  beforeEach(() => {
    sink.received.length = 0;
    sink.responder = () => undefined;
  });

  it('previews the copy a recipient gets: the sanitised body, tracked links and the unsubscribe footer', async () => {
    const env = tk.sudo();
    const id = await marketer.callKw<number>('mail.mass_mailing', 'create', [{
      subject: 'Preview me', email_from: 'news@example.com',
      body_html: '<p>Hello <script>alert(1)</script><a href="https://example.com/x" onclick="steal()">there</a></p>',
      mailing_list_ids: [[6, 0, [await listWith(env, 'Preview', ['p@example.com'])]]],
    }]);
    const [saved] = await env.model('mail.mass_mailing').read([id], ['body_html']);
    expect(saved.body_html).not.to.contain('script').and.not.to.contain('onclick');
    const preview = await marketer.call<{ subject: string; from: string; html: string }>('/mass_mailing/preview', { mailing_id: id });
    expect(preview).to.include({ subject: 'Preview me', from: 'news@example.com' });
    expect(preview.html).to.contain('Hello').and.contain('/mail/track/0/').and.contain('>Unsubscribe</a>').and.contain('email=marketer%40example.com');
    expect(sink.received).to.have.length(0);
  });

  it('sends a test to one address through SMTP; a bad address is refused; tests are rate-limited', async () => {
    const id = await mailingFor(tk.sudo(), [await listWith(tk.sudo(), 'Test', ['t@example.com'])]);
    expect(await marketer.call('/mass_mailing/send_test', { mailing_id: id, email: ' Me@Example.com ' })).to.equal(true);
    expect(sink.received.map((m) => [m.to, m.parsed!.subject])).to.deep.equal([['me@example.com', '[TEST] Our news']]);
    const bad = await marketer.rpc('/mass_mailing/send_test', { mailing_id: id, email: 'me@' });
    // Refused by the route's schema (common/mailing-schema.ts, the composer's own), naming the field.
    expect(bad.error?.data).to.deep.include({ name: 'ValidationError', message: 'Please enter a valid e-mail address.', fields: { email: 'Please enter a valid e-mail address.' } });
    expect((await employee.rpc('/mass_mailing/send_test', { mailing_id: id, email: 'me@example.com' })).error?.data.name).to.equal('AccessError');
    // 20 per 10 minutes per account and per address (these clients share 127.0.0.1): the marketer's two
    // calls above count (the employee's was refused for its caller before any limit), 18 more pass, then 429.
    for (let i = 0; i < 18; i++) await marketer.call('/mass_mailing/send_test', { mailing_id: id, email: `me${i}@example.com` });
    const refused = await marketer.rpc('/mass_mailing/send_test', { mailing_id: id, email: 'again@example.com' });
    expect(refused.error?.code).to.equal(429);
    expect(sink.received).to.have.length(19);
    const [mailing] = await tk.sudo().model('mail.mass_mailing').read([id], ['state', 'total']);
    expect(mailing).to.include({ state: 'draft', total: 0 });
  });

  it('sends in the background and publishes progress on the mailing channel up to 100%, to newsletter users only', async function () {
    // 300 mails through a real SMTP server: ~7 s alone, over 30 s when both CI runs and browsers share 2 cores.
    this.timeout(90_000);
    const env = tk.sudo();
    const emails = Array.from({ length: 300 }, (_, i) => `r${i}@example.com`);
    const id = await mailingFor(env, [await listWith(env, 'Progress', emails)]);
    const channel = `mass_mailing.mailing:${id}`;
    const bus = tk.kernel.container.get(BusService);
    const start = await bus.lastId();
    const answer = await marketer.call<MailingStatistics>('/mass_mailing/send', { mailing_id: id });
    expect(answer.total).to.equal(300);

    const updates: MailingStatistics[] = [];
    let last = start;
    for (let i = 0; i < 50 && updates.at(-1)?.state !== 'done'; i++) {
      const got = await poll(marketer, [channel], last);
      for (const n of got) {
        last = Math.max(last, n.id);
        const message = n.message as MailingProgressMessage;
        if (n.channel === channel && message.type === 'mass_mailing.progress') {
          expect(message.mailing_id).to.equal(id);
          updates.push(message.statistics);
        }
      }
    }
    expect(updates[0]).to.include({ state: 'queued', total: 300, pending: 300 });
    expect(updates.at(-1)).to.include({ state: 'done', total: 300, pending: 0, delivered: 300 });
    const done = updates.map((s) => s.total - s.pending);
    expect(done, 'progress never goes back').to.deep.equal([...done].sort((a, b) => a - b));
    expect(sink.received).to.have.length(300);

    // The channel is refused to an internal user outside the newsletter group (the poll holds nothing for it).
    const theirs = await employee.call<Notification[]>('/longpolling/poll', { channels: [channel], last: start, options: { bus_inactivity: 0, peek: true } });
    expect(theirs.filter((n) => n.channel === channel)).to.deep.equal([]);
    // A screen opened during the sending reads the counters first.
    expect(await marketer.call<MailingStatistics>('/mass_mailing/statistics', { mailing_id: id })).to.include({ state: 'done', delivered: 300 });
  });

  it('statistics count sent, delivered, opened, clicked, bounced and unsubscribed', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'Stats', ['s1@example.com', 's2@example.com', 's3@example.com', 'bounce@example.com'])]);
    sink.responder = (to) => (to === 'bounce@example.com' ? smtpError(550, 'No such user') : undefined);
    await marketer.call('/mass_mailing/send', { mailing_id: id });
    let s = await marketer.call<MailingStatistics>('/mass_mailing/statistics', { mailing_id: id });
    for (let i = 0; i < 100 && s.state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      s = await marketer.call<MailingStatistics>('/mass_mailing/statistics', { mailing_id: id });
    }
    const html = (to: string) => String(sink.received.find((m) => m.to === to)!.parsed!.html);
    const visitor = new RpcClient(tk.url);
    const pixel = (to: string) => /<img src="([^"]+)"/.exec(html(to))![1].slice(tk.url.length);
    const click = (to: string) => /href="([^"]+\/click\/0)"/.exec(html(to))![1].slice(tk.url.length);
    await visitor.get(pixel('s1@example.com'));
    await visitor.get(pixel('s2@example.com'));
    await visitor.get(click('s1@example.com'));
    const unsubscribe = /href="([^"]+\/unsubscribe\?[^"]+)"/.exec(html('s3@example.com'))![1].replace(/&amp;/g, '&');
    await fetch(unsubscribe, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    s = await marketer.call<MailingStatistics>('/mass_mailing/statistics', { mailing_id: id });
    expect(s).to.include({ state: 'done', total: 4, sent: 4, delivered: 3, opened: 2, clicked: 1, bounced: 1, unsubscribed: 1, failed: 0, pending: 0 });
  });

  it('lets a newsletter user change a draft only, also through call_kw: a queued or sent mailing stays as it went out', async () => {
    const env = tk.sudo();
    const id = await marketer.callKw<number>('mail.mass_mailing', 'create', [{ subject: 'Draft first', mailing_list_ids: [[6, 0, [await listWith(env, 'Locked', ['l@example.com'])]]] }]);
    await marketer.callKw('mail.mass_mailing', 'write', [[id], { subject: 'Still a draft' }]);
    await env.db('mail_mass_mailing').where({ id }).update({ state: 'done' });
    const refused = await marketer.callKw('mail.mass_mailing', 'write', [[id], { subject: 'Rewritten after sending' }]).catch((e: Error) => e);
    expect(refused).to.be.instanceOf(Error);
    expect((refused as Error).message).to.contain('no longer a draft');
    const [row] = await env.model('mail.mass_mailing').read([id], ['subject']);
    expect(row.subject).to.equal('Still a draft');
  });
});

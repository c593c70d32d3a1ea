import { expect } from 'chai';
import type { ParsedMail } from 'mailparser';
import { UserAccounts } from '@platform/base';
import { JobContribution } from '@platform/jobs';
import { type MailQueueSettings, MailQueueSettingsToken } from '@platform/mail';
import { ADMIN_PASSWORD, bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { RpcClient } from '../../../test/support/rpc-client';
import { MailingSender, type MailingStatistics } from '../server/services/mailing-sender';
import { listWith, mailingFor, setBaseUrl } from './support/fixtures';
import { SmtpSink, smtpError } from './support/smtp-sink';

const header = (mail: ParsedMail, name: string): string | undefined =>
  mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');
const links = (html: string): string[] => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('mass_mailing: sending over SMTP', () => {
  let sink: SmtpSink;
  let tk: TestKernel;
  let sender: MailingSender;
  let settings: MailQueueSettings;

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: sink.url } });
    sender = tk.kernel.container.get(MailingSender);
    settings = tk.kernel.container.get<MailQueueSettings>(MailQueueSettingsToken);
    settings.retryBaseSeconds = 0; // retries are due at once in these tests
    await setBaseUrl(tk.sudo(), tk.url);
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });
  beforeEach(() => {
    sink.received.length = 0;
    sink.responder = () => undefined;
  });

  const stats = (id: number) => sender.statistics(tk.sudo(), id);

  it('sends one personalised message per subscriber, with RFC 8058 headers and personal links', async () => {
    const env = tk.sudo();
    const listA = await listWith(env, 'A', ['one@example.com', 'Two@Example.com', 'gone@example.com']);
    const listB = await listWith(env, 'B', ['one@example.com', 'three@example.com']);
    const [gone] = await env.model('mail.mass_mailing.subscription').search([['contact_id.email', '=', 'gone@example.com']]);
    await env.model('mail.mass_mailing.subscription').write([gone], { opt_out: true });
    const id = await mailingFor(env, [listA, listB], '<p>Hello!</p><p><a href="https://example.com/news?a=1&amp;b=2">News</a> <a href="/unsubscribe_from_list">Leave</a></p>');

    expect(await sender.queue(env, id)).to.equal(3);
    expect(await sender.queue(env, id)).to.equal(3); // queueing again adds nobody
    const report = await sender.send(env, id);
    expect(report).to.deep.equal({ sent: 3, bounced: 0, retried: 0, failed: 0 });
    expect(sink.received.map((m) => m.to).sort()).to.deep.equal(['one@example.com', 'three@example.com', 'two@example.com']);

    const s = await stats(id);
    expect(s).to.include({ state: 'done', total: 3, sent: 3, delivered: 3, pending: 0, bounced: 0, opened: 0, clicked: 0 });

    const message = sink.received.find((m) => m.to === 'two@example.com')!.parsed!;
    expect(message.subject).to.equal('Our news');
    expect(message.from?.text).to.equal('news@example.com');
    expect(message.messageId).to.match(new RegExp(`^<mailing-${id}-\\d+@127\\.0\\.0\\.1>$`));
    expect(header(message, 'List-Unsubscribe-Post')).to.equal('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(message, 'List-Unsubscribe')!;
    // One https link (RFC 8058 one-click); no mailto: nothing here reads mail sent to an address.
    const [https, ...others] = [...listUnsubscribe.matchAll(/<([^>]+)>/g)].map((m) => m[1]);
    expect(https).to.match(new RegExp(`^${tk.url}/mail/mailing/${id}/unsubscribe\\?email=two%40example.com&token=[0-9a-f]{64}$`));
    expect(others).to.deep.equal([]);

    const html = String(message.html);
    // The body inside the site's branded frame, its tags styled inline; a plain-text part besides.
    expect(html).to.match(/<p style="[^"]*">Hello!<\/p>/);
    expect(message.text).to.contain('Hello!');
    const hrefs = links(html);
    // Tracked link, the placeholder and the footer both replaced by the personal unsubscribe link.
    expect(hrefs[0]).to.match(new RegExp(`^${tk.url}/mail/track/\\d+/[0-9a-f]{32}/click/0$`));
    expect(hrefs.slice(1)).to.deep.equal([https, https]);
    expect(html).to.match(/<img src="[^"]+\/blank\.gif"/);
    expect(html).not.to.contain('unsubscribe_from_list');
    // Each recipient has their own links.
    const other = String(sink.received.find((m) => m.to === 'one@example.com')!.parsed!.html);
    expect(links(other)[0]).not.to.equal(hrefs[0]);

    // The personal page opens; the pixel counts an open; the link counts a click and redirects.
    const client = new RpcClient(tk.url);
    expect((await client.get(https.slice(tk.url.length))).status).to.equal(200);
    const pixel = /<img src="([^"]+)"/.exec(html)![1];
    const gif = await client.get(pixel.slice(tk.url.length));
    expect(gif.headers.get('content-type')).to.equal('image/gif');
    await client.get(pixel.slice(tk.url.length));
    expect((await stats(id)).opened).to.equal(1);
    const click = await client.get(hrefs[0].slice(tk.url.length));
    expect(click.status).to.equal(302);
    expect(click.headers.get('location')).to.equal('https://example.com/news?a=1&b=2');
    await client.get(hrefs[0].slice(tk.url.length));
    expect(await stats(id)).to.include({ opened: 1, clicked: 1 });

    // The one-click link of the header unsubscribes that recipient.
    const res = await fetch(https, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).to.equal(200);
    expect((await stats(id)).unsubscribed).to.equal(1);
    const subs = await env.model('mail.mass_mailing.subscription').search_read([['contact_id.email', '=', 'two@example.com']], ['opt_out']);
    expect(subs.map((r) => r.opt_out)).to.deep.equal([true]);

    // A finished mailing is not sent again.
    expect(await sender.send(env, id)).to.deep.equal({ sent: 0, bounced: 0, retried: 0, failed: 0 });
    expect((await sender.queue(env, id).catch((e: Error) => e)) as Error).to.have.property('message', 'This mailing has already been sent.');
  });

  it('tracking URLs with a wrong token count nothing and click links beyond the body are 404', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'T', ['track@example.com'])]);
    await sender.queue(env, id);
    await sender.send(env, id);
    const href = links(String(sink.received[0].parsed!.html))[0].slice(tk.url.length);
    const client = new RpcClient(tk.url);
    const forged = href.replace(/\/([0-9a-f]{32})\//, (_m, t: string) => `/${t[0] === 'a' ? 'b' : 'a'}${t.slice(1)}/`);
    expect((await client.get(forged)).status).to.equal(404);
    expect((await client.get(forged.replace(/click\/0$/, 'blank.gif'))).status).to.equal(200);
    expect((await client.get(href.replace(/click\/0$/, 'click/7'))).status).to.equal(404);
    expect((await client.get(href.replace(/click\/0$/, 'click/x'))).status).to.equal(404);
    expect(await stats(id)).to.include({ opened: 0, clicked: 0 });
  });

  it('retries temporary (4xx) failures with backoff and bounces permanent (5xx) ones', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'R', ['flaky@example.com', 'nobody@example.com', 'fine@example.com'])]);
    let flaky = 0;
    sink.responder = (to) => {
      if (to === 'nobody@example.com') return smtpError(550, 'No such user');
      if (to === 'flaky@example.com' && flaky++ < 2) return smtpError(451, 'Try again later');
      return undefined;
    };
    await sender.queue(env, id);
    const first = await sender.send(env, id);
    expect(first).to.include({ bounced: 1 });
    expect(first.sent + first.retried).to.be.greaterThan(1);
    await sender.send(env, id, { waitForRetries: true });
    expect(await stats(id)).to.include({ state: 'done', total: 3, delivered: 2, bounced: 1, failed: 0, sent: 3 });
    expect(sink.received.map((m) => m.to).sort()).to.deep.equal(['fine@example.com', 'flaky@example.com']);
    const row = await env.db('mail_mass_mailing_recipient').where({ mailing_id: id, email: 'nobody@example.com' }).first();
    expect(row.last_error).to.match(/^550 /);
    const retried = await env.db('mail_mass_mailing_recipient').where({ mailing_id: id, email: 'flaky@example.com' }).first();
    expect(Number(retried.attempts)).to.equal(3);
  });

  it('the backoff doubles, and a recipient still failing after the last attempt is marked failed', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'F', ['down@example.com'])]);
    sink.responder = () => smtpError(421, 'Service not available');
    await sender.queue(env, id);
    const saved = { ...settings };
    try {
      settings.retryBaseSeconds = 10;
      const started = Date.now();
      await sender.send(env, id);
      const row = await env.db('mail_mass_mailing_recipient').where({ mailing_id: id }).first();
      expect(row.state).to.equal('pending');
      expect(Number(row.next_attempt_at) - started).to.be.within(9_000, 11_000);
      // Second failure: twice the delay.
      await env.db('mail_mass_mailing_recipient').where({ id: row.id }).update({ next_attempt_at: 0 });
      const again = Date.now();
      await sender.send(env, id);
      const row2 = await env.db('mail_mass_mailing_recipient').where({ id: row.id }).first();
      expect(Number(row2.next_attempt_at) - again).to.be.within(19_000, 21_000);
      settings.retryBaseSeconds = 0;
      await env.db('mail_mass_mailing_recipient').where({ id: row.id }).update({ next_attempt_at: 0 });
      await sender.send(env, id, { waitForRetries: true });
    } finally {
      Object.assign(settings, saved);
    }
    expect(await stats(id)).to.include({ state: 'done', failed: 1, delivered: 0, pending: 0 });
    expect(sink.received).to.have.length(0);
  });

  it('the scheduled job sends queued mailings; a stopping process claims nobody', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'J', ['job1@example.com', 'job2@example.com'])]);
    await sender.queue(env, id);
    const job = tk.kernel.contributions<JobContribution>(JobContribution).flatMap((c) => c.jobs()).find((j) => j.name === 'mass_mailing.send_queued')!;
    await job.run(env, AbortSignal.abort());
    expect(await stats(id)).to.include({ state: 'queued', pending: 2, delivered: 0 });
    await job.run(env, new AbortController().signal);
    expect(await stats(id)).to.include({ state: 'done', delivered: 2 });
    expect(sink.received.map((m) => m.to).sort()).to.deep.equal(['job1@example.com', 'job2@example.com']);
  });

  describe('administrator calls', () => {
    let admin: RpcClient;
    let user: RpcClient;
    let id: number;
    before(async () => {
      const env = tk.sudo();
      id = await mailingFor(env, [await listWith(env, 'Admin list', ['x1@example.com', 'x2@example.com'])]);
      admin = new RpcClient(tk.url);
      await admin.authenticate('admin', ADMIN_PASSWORD);
      await new UserAccounts(() => tk.sudo()).create({ name: 'Employee', login: 'employee', password: 'employee-password', groups: ['base.group_user'] });
      user = new RpcClient(tk.url);
      await user.authenticate('employee', 'employee-password');
    });

    it('only administrators may send or read counters; visitors get a session error', async () => {
      for (const [path, params] of [
        ['/mass_mailing/send_test', { mailing_id: id, email: 'me@example.com' }],
        ['/mass_mailing/send', { mailing_id: id }],
        ['/mass_mailing/statistics', { mailing_id: id }],
      ] as const) {
        expect((await user.rpc(path, params)).error?.data.name, path).to.equal('AccessError');
        expect((await new RpcClient(tk.url).rpc(path, params)).error?.code, path).to.equal(100);
      }
      expect((await user.rpc('/web/dataset/call_kw', { model: 'mail.mass_mailing', method: 'search_read', args: [[]], kwargs: {} })).error?.data.name).to.equal('AccessError');
      expect(sink.received).to.have.length(0);
    });

    it('creates a mailing with call_kw, sends a test, sends, and reads the counters', async () => {
      const [listId] = await admin.callKw<number[]>('mail.mass_mailing.list', 'search', [[['name', '=', 'Admin list']]]);
      const created = await admin.callKw<number>('mail.mass_mailing', 'create', [{ subject: 'Hi', body_html: '<p>Hi there</p>', mailing_list_ids: [[6, 0, [listId]]] }]);
      await admin.call('/mass_mailing/send_test', { mailing_id: created, email: 'Me@Example.com' });
      expect(sink.received.map((m) => [m.to, m.parsed!.subject])).to.deep.equal([['me@example.com', '[TEST] Hi']]);
      expect((await admin.call<MailingStatistics>('/mass_mailing/statistics', { mailing_id: created })).total).to.equal(0);
      sink.received.length = 0;
      const queued = await admin.call<MailingStatistics>('/mass_mailing/send', { mailing_id: created });
      expect(queued.total).to.equal(2);
      let s = queued;
      for (let i = 0; i < 100 && s.state !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        s = await admin.call<MailingStatistics>('/mass_mailing/statistics', { mailing_id: created });
      }
      expect(s).to.include({ state: 'done', total: 2, delivered: 2, pending: 0 });
      expect(sink.received.map((m) => m.to).sort()).to.deep.equal(['x1@example.com', 'x2@example.com']);
      const [read] = await admin.callKw<Array<Record<string, unknown>>>('mail.mass_mailing', 'read', [[created], ['state', 'delivered', 'opened']]);
      expect(read).to.include({ state: 'done', delivered: 2, opened: 0 });
    });

    it('refuses bad input: unknown mailing, malformed address, no list, no subscribers', async () => {
      const noList = await admin.callKw<number>('mail.mass_mailing', 'create', [{ subject: 'Nothing' }]);
      const emptyList = await admin.callKw<number>('mail.mass_mailing.list', 'create', [{ name: 'Empty' }]);
      const noSubscribers = await admin.callKw<number>('mail.mass_mailing', 'create', [{ subject: 'Nobody', mailing_list_ids: [[6, 0, [emptyList]]] }]);
      const cases: Array<[string, Record<string, unknown>, string, string?]> = [
        ['/mass_mailing/send', { mailing_id: 999999 }, 'MissingError', 'This mailing does not exist.'],
        ['/mass_mailing/send_test', { mailing_id: 999999, email: 'a@example.com' }, 'MissingError'],
        ['/mass_mailing/send_test', { mailing_id: noList, email: 'not an address' }, 'ValidationError'],
        ['/mass_mailing/send', { mailing_id: noList }, 'ValidationError', 'Pick at least one mailing list before sending.'],
        ['/mass_mailing/send', { mailing_id: noSubscribers }, 'UserError', 'The selected mailing lists have no subscribers.'],
        ['/mass_mailing/send', { mailing_id: 'x' }, 'ValidationError'],
        ['/mass_mailing/statistics', { mailing_id: 999999 }, 'MissingError'],
      ];
      for (const [path, params, name, message] of cases) {
        const answer = await admin.rpc(path, params);
        expect(answer.error?.data.name, `${path} ${JSON.stringify(params)}`).to.equal(name);
        if (message) expect(answer.error?.data.message).to.equal(message);
      }
      const states = await admin.callKw<Array<Record<string, unknown>>>('mail.mass_mailing', 'read', [[noList, noSubscribers], ['state']]);
      expect(states.map((r) => r.state)).to.deep.equal(['draft', 'draft']);
      expect((await admin.rpc('/web/dataset/call_kw', { model: 'mail.mass_mailing', method: 'write', args: [[noList], { state: 'done' }], kwargs: {} })).error?.data.name).to.equal('ValidationError');
      expect(sink.received).to.have.length(0);
    });

    it('a refused test message is reported to the administrator', async () => {
      sink.responder = () => smtpError(550, 'Mailbox unavailable');
      const answer = await admin.rpc('/mass_mailing/send_test', { mailing_id: id, email: 'me@example.com' });
      expect(answer.error?.data.name).to.equal('UserError');
      expect(answer.error?.data.message).to.contain('Mailbox unavailable');
    });
  });
});

describe('mass_mailing: without SMTP_URL, mails go to the outbox', () => {
  let tk: TestKernel;
  before(async () => {
    tk = await bootTestKernel({ modules: ['mass_mailing'], http: true, config: { smtpUrl: undefined } });
  });
  after(async () => tk?.stop());

  it('keeps every message, with its headers, in mail.outbox which administrators can read', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'O', ['o1@example.com', 'o2@example.com'])]);
    const sender = tk.kernel.container.get(MailingSender);
    await sender.queue(env, id);
    await sender.send(env, id);
    expect(await sender.statistics(env, id)).to.include({ state: 'done', delivered: 2 });
    const admin = new RpcClient(tk.url);
    await admin.authenticate('admin', ADMIN_PASSWORD);
    const rows = await admin.callKw<Array<Record<string, string>>>('mail.outbox', 'search_read', [[], ['email_to', 'subject', 'headers', 'body_html']]);
    expect(rows.map((r) => r.email_to).sort()).to.deep.equal(['o1@example.com', 'o2@example.com']);
    expect(JSON.parse(rows[0].headers)).to.have.property('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click');
    expect(rows[0].body_html).to.contain('/unsubscribe?email=');
    const visitor = await new RpcClient(tk.url).rpc('/web/dataset/call_kw', { model: 'mail.outbox', method: 'search_read', args: [[]], kwargs: {} });
    expect(visitor.error?.data.name).to.equal('AccessError');
  });
});

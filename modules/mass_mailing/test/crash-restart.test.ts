import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { MailingSender } from '../server/services/mailing-sender';
import { listWith, mailingFor, setBaseUrl } from './support/fixtures';
import { SmtpSink, smtpError } from './support/smtp-sink';

const REPO = path.resolve(__dirname, '..', '..', '..');
const RECIPIENTS = 60;
const CRASH_AFTER = 20;

describe('mass_mailing: a sender killed mid-mailing and restarted', function () {
  this.timeout(90_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  let mailingId: number;

  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['mass_mailing'] });
    const env = tk.sudo();
    await setBaseUrl(env, 'https://news.example.com');
    const emails = Array.from({ length: RECIPIENTS }, (_, i) => `reader${i}@example.com`);
    mailingId = await mailingFor(env, [await listWith(env, 'Crash list', emails)]);
    await tk.kernel.container.get(MailingSender).queue(env, mailingId);
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });

  /** `npm run cli -- mailing send <id>` as its own process, on the test's database and SMTP server. */
  const startSender = (): ChildProcess => spawn(process.execPath, ['--import', 'tsx', 'platform/kernel/cli/main.ts', 'mailing', 'send', String(mailingId)], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: tk.kernel.config.databaseUrl, SMTP_URL: sink.url, MAIL_LEASE_SECONDS: '2', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = (child: ChildProcess) => new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => {
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });

  it('delivers every recipient exactly once', async () => {
    // The server holds its answers once CRASH_AFTER messages are accepted (the sender records those
    // meanwhile), then the sender is killed with messages in flight: those were never acknowledged, so
    // they are not delivered, exactly as with a real server losing the connection.
    let crash: Promise<void> | undefined;
    const first = startSender();
    const firstExit = exited(first);
    sink.responder = async () => {
      if (sink.received.length < CRASH_AFTER && !crash) return undefined;
      crash ??= new Promise<void>((r) => setTimeout(r, 500)).then(() => {
        first.kill('SIGKILL');
      });
      await crash; // no answer to anything in flight until the sender is dead
      return smtpError(421, 'connection lost');
    };
    const { signal } = await firstExit;
    expect(signal).to.equal('SIGKILL');
    const acknowledged = sink.received.length;
    expect(acknowledged).to.be.at.least(CRASH_AFTER).and.below(RECIPIENTS);

    const rows = await tk.sudo().db('mail_mass_mailing_recipient').where({ mailing_id: mailingId });
    const byState = (s: string) => rows.filter((r) => r.state === s).length;
    expect(byState('sent')).to.equal(acknowledged); // every acknowledged message was recorded
    expect(byState('sending')).to.be.greaterThan(0); // the crash left claimed rows behind

    sink.responder = () => undefined;
    const second = await exited(startSender());
    expect(second.code, second.output).to.equal(0);
    expect(second.output).to.contain(`${RECIPIENTS}/${RECIPIENTS}`);

    const perRecipient = new Map<string, number>();
    for (const m of sink.received) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
    expect(perRecipient.size).to.equal(RECIPIENTS);
    expect([...perRecipient.values()].every((n) => n === 1)).to.equal(true);
    expect(sink.received).to.have.length(RECIPIENTS);
    const stats = await tk.kernel.container.get(MailingSender).statistics(tk.sudo(), mailingId);
    expect(stats).to.include({ state: 'done', total: RECIPIENTS, delivered: RECIPIENTS, pending: 0, bounced: 0, failed: 0 });
  });
});

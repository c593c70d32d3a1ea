import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { MailingSender } from '../server/services/mailing-sender';
import { listWith, mailingFor, setBaseUrl } from './support/fixtures';
import { SmtpSinkProcess } from './support/smtp-sink-process';

const REPO = path.resolve(__dirname, '..', '..', '..');
const RECIPIENTS = 400;
/** Sending slots of the sender: each holds at most one message the server accepted and the database does not yet say sent. */
const SLOTS = 2;

/**
 * A sender SIGKILLed while the SMTP server answers at full speed (nothing held back, unlike
 * crash-restart.test.ts): what the server acknowledged but the sender had not yet recorded is sent
 * again by the next sender. README "Mailings after a crash" states the bound this checks.
 */
describe('mass_mailing: duplicates after a sender is SIGKILLed mid-mailing', function () {
  this.timeout(180_000);
  let tk: TestKernel;
  let sink: SmtpSinkProcess;

  before(async () => {
    sink = await SmtpSinkProcess.start();
    tk = await bootTestKernel({ modules: ['mass_mailing'] });
    await setBaseUrl(tk.sudo(), 'https://news.example.com');
  });
  after(async () => {
    await tk?.stop();
    sink?.stop();
  });

  const startSender = (mailingId: number): ChildProcess => spawn(process.execPath, ['--import', 'tsx', 'platform/kernel/cli/main.ts', 'mailing', 'send', String(mailingId)], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: tk.kernel.config.databaseUrl, SMTP_URL: sink.url, MAIL_LEASE_SECONDS: '2', MAIL_CONCURRENCY: String(SLOTS), LOG_LEVEL: 'silent',
      // Nothing here should fail: if something does, the statistics say so at once instead of a sender waiting for retries.
      MAIL_MAX_ATTEMPTS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = (child: ChildProcess) => new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) => {
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });

  for (const killAt of [100, 250]) {
    it(`killed after ${killAt} of ${RECIPIENTS} deliveries: nobody lost, at most one copy per sending slot repeated, with the same Message-ID`, async () => {
      const env = tk.sudo();
      const from = sink.deliveries.length;
      const emails = Array.from({ length: RECIPIENTS }, (_, i) => `kill${killAt}-reader${i}@example.com`);
      const mailingId = await mailingFor(env, [await listWith(env, `Kill at ${killAt}`, emails)]);
      await tk.kernel.container.get(MailingSender).queue(env, mailingId);

      const first = startSender(mailingId);
      const firstExit = exited(first);
      await Promise.race([sink.received(from + killAt), firstExit]);
      first.kill('SIGKILL');
      expect((await firstExit).signal).to.equal('SIGKILL');
      const atKill = sink.deliveries.length - from;
      expect(atKill, 'killed mid-mailing').to.be.below(RECIPIENTS);

      const second = await exited(startSender(mailingId));
      expect(second.code, second.output).to.equal(0);

      const mine = sink.deliveries.slice(from);
      const copies = new Map<string, string[]>();
      for (const d of mine) copies.set(d.to, [...(copies.get(d.to) ?? []), d.messageId]);
      const repeated = [...copies.values()].filter((ids) => ids.length > 1);
      console.log(`      killed at ${atKill} deliveries: ${mine.length - copies.size} duplicate(s) of ${RECIPIENTS} (${tk.sudo().dialect})`);
      expect(copies.size, 'every recipient got the mailing').to.equal(RECIPIENTS);
      expect(mine.length - copies.size, 'copies sent twice').to.be.at.most(SLOTS);
      // A repeated copy is the same message: receivers (and their mail clients) can drop it.
      for (const ids of repeated) expect(new Set(ids).size).to.equal(1);
      expect(new Set([...copies.values()].map((ids) => ids[0])).size).to.equal(RECIPIENTS);
      const stats = await tk.kernel.container.get(MailingSender).statistics(tk.sudo(), mailingId);
      expect(stats).to.include({ state: 'done', total: RECIPIENTS, delivered: RECIPIENTS, pending: 0 });
    });
  }
});

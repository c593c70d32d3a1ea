import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../../../test/support/harness';
import { listWith, mailingFor, setBaseUrl } from './support/fixtures';
import { SmtpSink } from './support/smtp-sink';

const REPO = path.resolve(__dirname, '..', '..', '..');

describe('mass_mailing: npm run cli -- mailing ...', function () {
  this.timeout(60_000);
  let tk: TestKernel;
  let sink: SmtpSink;
  before(async () => {
    sink = await new SmtpSink().start();
    tk = await bootTestKernel({ modules: ['mass_mailing'] });
    await setBaseUrl(tk.sudo(), 'https://news.example.com');
  });
  after(async () => {
    await tk?.stop();
    await sink?.stop();
  });

  // Asynchronous: the SMTP server the command talks to runs in this process.
  const cli = (...args: string[]) => new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'platform/kernel/cli/main.ts', ...args], {
      cwd: REPO, env: { ...process.env, DATABASE_URL: tk.kernel.config.databaseUrl, SMTP_URL: sink.url, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });

  it('mailing send queues a draft, sends it with a progress bar, and mailing status prints the counters', async () => {
    const env = tk.sudo();
    const id = await mailingFor(env, [await listWith(env, 'CLI', ['c1@example.com', 'c2@example.com', 'c3@example.com'])]);
    const sent = await cli('mailing', 'send', String(id));
    expect(sent.code, sent.stderr).to.equal(0);
    expect(sent.stdout).to.match(/\[#{30}\] 100% {2}3\/3 {2}bounced 0 {2}failed 0/);
    expect(sent.stdout).to.contain('mailing done: 3 delivered, 0 bounced, 0 failed, 0 pending');
    expect(sink.received.map((m) => m.to).sort()).to.deep.equal(['c1@example.com', 'c2@example.com', 'c3@example.com']);
    const status = await cli('mailing', 'status', String(id));
    expect(status.code).to.equal(0);
    expect(status.stdout).to.match(/^state\s+done$/m).and.to.match(/^delivered\s+3$/m);
  });

  it('bad command lines exit 2 with the usage; an unknown mailing exits 1 with the reason', async () => {
    for (const args of [['mailing', 'send'], ['mailing', 'send', 'x'], ['mailing', 'send', '1', '2'], ['mailing', 'frobnicate']]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).to.equal(2);
      expect(r.stderr).to.contain('Usage: npm run cli');
    }
    const missing = await cli('mailing', 'send', '99999');
    expect(missing.code).to.equal(1);
    expect(missing.stderr.trim()).to.equal('error: This mailing does not exist.');
  });
});

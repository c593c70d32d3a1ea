import { inject, injectable } from 'inversify';
import { UsageError } from '@platform/jobs';
import type { CliCommand, CliCommandContribution } from '@platform/jobs';
import type { Env } from '@platform/orm';
import { MailingSender, type MailingStatistics } from '../services/mailing-sender';

/** `mailing send <id>` (queue if needed, send, with a progress bar) and `mailing status <id>`. */
@injectable()
export class MailingCli implements CliCommandContribution {
  constructor(@inject(MailingSender) private readonly sender: MailingSender) {}

  commands(): CliCommand[] {
    return [
      { name: 'mailing send', usage: 'mailing send <id>   queue and send a mailing, showing its progress', run: (argv, env) => this.send(argv, env) },
      { name: 'mailing status', usage: 'mailing status <id>   print the counters of a mailing', run: async (argv, env) => {
        const stats = await this.sender.statistics(env, mailingId(argv));
        for (const [k, v] of Object.entries(stats)) process.stdout.write(`${k.padEnd(13)}${v}\n`);
      } },
    ];
  }

  private async send(argv: string[], env: Env): Promise<void> {
    const id = mailingId(argv);
    const before = await this.sender.statistics(env, id);
    if (before.state === 'draft') await this.sender.queue(env, id);
    // Ctrl-C stops claiming new recipients; those in flight are finished and recorded.
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const bar = new ProgressBar(process.stdout);
    try {
      await this.sender.send(env, id, { waitForRetries: true, signal: stop.signal, onProgress: (s) => bar.update(s) });
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    const s = await this.sender.statistics(env, id);
    bar.done(s);
  }
}

function mailingId(argv: string[]): number {
  if (argv.length !== 1 || !/^\d{1,9}$/.test(argv[0]) || Number(argv[0]) === 0) throw new UsageError('expected one mailing id');
  return Number(argv[0]);
}

/** `[#####-----]  50%  5000/10000  bounced 0  failed 0`, redrawn in place on a terminal, one line per update otherwise. */
class ProgressBar {
  private lastLine = 0;
  constructor(private readonly out: NodeJS.WriteStream) {}

  update(s: MailingStatistics): void {
    const now = Date.now();
    if (!this.out.isTTY && now - this.lastLine < 1000) return; // logs get a line per second at most
    this.lastLine = now;
    this.out.write(`${this.out.isTTY ? '\r' : ''}${line(s)}${this.out.isTTY ? '' : '\n'}`);
  }

  done(s: MailingStatistics): void {
    this.out.write(`${this.out.isTTY ? '\r' : ''}${line(s)}\n`);
    this.out.write(`mailing ${s.state}: ${s.delivered} delivered, ${s.bounced} bounced, ${s.failed} failed, ${s.pending} pending\n`);
  }
}

function line(s: MailingStatistics): string {
  const done = s.total - s.pending;
  const ratio = s.total ? done / s.total : 1;
  const width = 30;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%  ${done}/${s.total}  bounced ${s.bounced}  failed ${s.failed}`;
}

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../../../test/support/free-port';

export { freePort };

const REPO = path.resolve(__dirname, '..', '..', '..');

export interface LogLine {
  pid: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * `npm start` as a real process (the primary and, with WORKERS > 1, its forked workers), with its
 * pino log lines parsed from stdout: the pids of the workers are in their own `serving on` lines.
 */
export class SiteProcess {
  readonly logs: LogLine[] = [];
  /** What the processes wrote to stderr (a worker that fails to start says why there). */
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly proc: ChildProcess, readonly url: string) {
    proc.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      try {
        this.logs.push(JSON.parse(line) as LogLine);
      } catch {
        return;
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.exited = new Promise((resolve) => proc.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const w of this.waiters.splice(0)) w();
    }));
  }

  static spawn(env: Record<string, string>): SiteProcess {
    const proc = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(REPO, 'platform/kernel/main.ts')], {
      cwd: REPO,
      env: { ...process.env, LOG_LEVEL: 'info', DEMO: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new SiteProcess(proc, `http://127.0.0.1:${env.PORT}`);
  }

  /** The first log line (from now on, or already seen) that matches; throws after `ms`. */
  async waitForLog(match: (line: LogLine) => boolean, ms: number): Promise<LogLine> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.logs.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching log line within ${ms} ms; got:\n${this.logs.map((l) => l.msg).join('\n')}\nstderr:\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Pids of the processes that logged `serving on` (workers, or the process itself with one worker). */
  servingPids(): number[] {
    return this.logs.filter((l) => l.msg.startsWith('serving on')).map((l) => l.pid);
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill(signal);
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}


import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface SiteNodeOptions {
  index: number;
  port: number;
  /** Environment of the node (DATABASE_URL, ADMIN_PASSWORD, ...); PORT and TRUST_PROXY are set here. */
  env: NodeJS.ProcessEnv;
  logFile: string;
}

/**
 * One process of the site (`npm start`'s entry run by node itself, so a signal reaches the server and
 * not a wrapper), behind nginx: TRUST_PROXY=1, its own port, its output in a log file.
 */
export class SiteNode {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  constructor(readonly options: SiteNodeOptions) {}

  get port(): number {
    return this.options.port;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** True from `start` until the process exits. */
  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    if (this.running) return;
    const log = fs.openSync(this.options.logFile, 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'platform/kernel/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...this.options.env, PORT: String(this.options.port), TRUST_PROXY: '1', WORKERS: '1' },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.exited = once(child, 'exit').then(() => undefined);
  }

  /** Resolves when the process has exited (at once when it is not running). */
  async whenExited(): Promise<void> {
    if (this.running) await this.exited;
  }

  /** Sends `signal` (SIGTERM: a clean stop; SIGKILL: the node dies mid-request) and waits for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    this.child!.kill(signal);
    await this.exited;
  }

  /** `/health` answers 200 within `timeoutMs` (the database reachable). */
  async healthy(timeoutMs = 1000): Promise<boolean> {
    if (!this.running) return false;
    try {
      const res = await fetch(`http://127.0.0.1:${this.port}/health`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  }

  /** Waits until the node answers /health; throws (with the end of its log) when it exits or takes too long. */
  async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) break;
      if (await this.healthy()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    const tail = fs.existsSync(this.options.logFile) ? fs.readFileSync(this.options.logFile, 'utf8').slice(-2000) : '';
    throw new Error(`node ${this.options.index} (port ${this.port}) did not become healthy:\n${tail}`);
  }
}

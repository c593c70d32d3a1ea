import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../../test/support/free-port';

export { freePort };

const REPO = path.resolve(__dirname, '..', '..', '..');


/**
 * A server process of its own (`npm start`'s entry, one worker) on a free port, serving an existing
 * database: what the multi-node test and the bus bench run two of, side by side on one PostgreSQL.
 */
export class ServerProcess {
  private constructor(readonly proc: ChildProcess, readonly url: string) {}

  static async start(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
    const port = await freePort();
    const proc = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(REPO, 'platform/kernel/main.ts')], {
      cwd: REPO,
      env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', WORKERS: '1', DEMO: '0', ...env },
      stdio: ['ignore', process.env.SERVER_PROCESS_LOGS ? 'inherit' : 'ignore', 'inherit'],
    });
    const node = new ServerProcess(proc, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      try {
        if ((await fetch(`${node.url}/health`)).ok) return node;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Kills it at once (SIGKILL): as a crashed node, with no goodbye to its clients. */
  kill(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode) return Promise.resolve();
    return new Promise((resolve) => {
      this.proc.once('exit', () => resolve());
      this.proc.kill('SIGKILL');
    });
  }
}

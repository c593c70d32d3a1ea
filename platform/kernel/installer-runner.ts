import { fork } from 'node:child_process';
import path from 'node:path';
import type { Config } from '@platform/core/config';
import { InstallerFailure } from './module-operations';

/** What the serving process asks of the installer process (over the IPC channel of `fork`). */
export interface InstallerJob {
  config: Config;
  roots?: string[];
  install?: string[];
  upgrade?: string[];
}
/** What the installer process answers before it exits. */
export type InstallerResult = { ok: true } | { ok: false; module: string | null; error: string };

/**
 * Runs installer-process.ts (TypeScript, through tsx as `npm start` does) with the serving process's
 * configuration and module roots; resolves when it installed, rejects with an InstallerFailure naming
 * the module and the reason. The serving kernel is not touched, so a failure leaves the site as it was.
 */
export function runInstallerProcess(job: InstallerJob): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'installer-process.ts'), [], {
      cwd: job.config.repoRoot,
      execArgv: ['--require', require.resolve('tsx/cjs')],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: InstallerResult | undefined;
    child.once('message', (message: InstallerResult) => (result = message));
    child.once('error', (err) => reject(new InstallerFailure(null, `the installer could not start: ${err.message}`)));
    child.once('exit', (code, signal) => {
      if (result?.ok) resolve();
      else if (result) reject(new InstallerFailure(result.module, result.error));
      else reject(new InstallerFailure(null, `the installer stopped (${signal ?? `exit code ${code}`}) before it finished`));
    });
    child.send(job);
  });
}

import { ModuleLoadError } from '@platform/core/errors';
import { openDatabase } from '@platform/db/connection';
import { Kernel } from './kernel';
import type { InstallerJob, InstallerResult } from './installer-runner';
import { recordProgress } from './module-operations';

/**
 * The installer of the back office's Apps screen, in a process of its own: the same `Kernel.boot`
 * with `install`/`upgrade` as `module install`, then stopped. A process rather than the serving one,
 * because on SQLite the installer's long transactions and the site's writes must be in different
 * processes (one process blocked on the other's lock would wait for itself); and a module whose code
 * fails at load cannot take the server down with it. Each step is written to the operation row from
 * here, between the installer's transactions.
 */
async function run(job: InstallerJob): Promise<InstallerResult> {
  const progressDb = openDatabase(job.config.databaseUrl);
  let current: string | null = null;
  try {
    const kernel = await Kernel.boot({
      config: job.config, roots: job.roots, install: job.install, upgrade: job.upgrade, autoInstall: false,
      onProgress: async (p) => {
        current = p.module;
        await recordProgress(progressDb, p);
      },
    });
    await kernel.stop();
    return { ok: true };
  } catch (err) {
    if (err instanceof ModuleLoadError) return { ok: false, module: err.moduleName, error: err.message.replace(/^module '[^']*': /, '') };
    return { ok: false, module: current, error: (err as Error).message };
  } finally {
    await progressDb.destroy();
  }
}

process.once('message', (job: InstallerJob) => {
  run(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (err) => process.send!({ ok: false, module: null, error: (err as Error).message }, () => process.exit(1)),
  );
});

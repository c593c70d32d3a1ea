import './production-env';
import cluster from 'node:cluster';
import { loadConfig } from '@platform/core/config';
import { Kernel } from './kernel';
import { startServer } from './server';
import { WorkerSupervisor } from './worker-supervisor';

/**
 * `npm start`: creates and installs the database on first start, then serves the site.
 * With WORKERS=N the primary prepares the database once, then forks N workers sharing the port and
 * keeps them running (WorkerSupervisor); it exits 0 when stopped, 1 when workers keep crashing.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) {
    const kernel = await Kernel.boot({ config });
    await kernel.stop();
    process.exit(await new WorkerSupervisor(config.workers, kernel.logger).run());
  }
  const kernel = await Kernel.boot({ config });
  const running = await startServer(kernel, config.port);
  kernel.logger.info({ port: running.port, modules: kernel.modules.map((m) => m.manifest.name) }, `serving on http://localhost:${running.port}`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

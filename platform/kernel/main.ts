import './production-env';
import cluster from 'node:cluster';
import { loadConfig } from '@platform/core/config';
import { Kernel } from './kernel';
import { startServer, type RunningServer } from './server';
import { RequestScope } from '@platform/core/request-scope';
import { guardProcess } from './process-guards';
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
  const requestScope = new RequestScope();
  const kernel = await Kernel.boot({ config, requestScope });
  let stopping = false;
  let running: RunningServer | undefined;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await running?.stop().catch(() => undefined);
    process.exit(code);
  };
  guardProcess(kernel.logger, requestScope, (code) => void shutdown(code));
  running = await startServer(kernel, config.port);
  kernel.logger.info({ port: running.port, modules: kernel.modules.map((m) => m.manifest.name) }, `serving on http://localhost:${running.port}`);
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

import './production-env';
import cluster from 'node:cluster';
import { loadConfig } from './config';
import { Kernel } from './kernel';
import { startServer } from './server';

/**
 * `npm start`: creates and installs the database on first start, then serves the site.
 * With WORKERS=N the primary prepares the database once and forks N workers sharing the port.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) {
    const kernel = await Kernel.boot({ config });
    await kernel.stop();
    for (let i = 0; i < config.workers; i++) cluster.fork();
    cluster.on('exit', (worker, code) => {
      if (code !== 0) console.error(`worker ${worker.process.pid} exited with ${code}`);
    });
    return;
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

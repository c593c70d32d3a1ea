import http from 'node:http';
import { createApp } from '../http/app';
import { withHotPaths } from '../http/hot-path';
import { SiteService } from '../http/site-service';
import { EnvFactory } from '../orm/env-factory';
import { HotPathContribution, type HotPathContribution as HotPathPoint, JobContribution, ServerContribution, type JobContribution as JobPoint, type ServerContribution as ServerPoint } from './contribution-points';
import type { Kernel } from './kernel';
import { Scheduler } from './scheduler';

export interface RunningServer {
  server: http.Server;
  port: number;
  stop(): Promise<void>;
}

/** Serves the kernel's routes over HTTP, starts lifecycle hooks and the job scheduler. */
export async function startServer(kernel: Kernel, port: number, opts: { scheduler?: boolean } = {}): Promise<RunningServer> {
  const app = await createApp(kernel);
  await kernel.runLifecycle('onStart');
  const scheduler = new Scheduler(
    kernel.db, kernel.container.get(EnvFactory),
    kernel.contributions<JobPoint>(JobContribution).flatMap((c) => c.jobs()), kernel.logger,
  );
  if (opts.scheduler !== false) scheduler.start();
  const server = http.createServer(withHotPaths(app, kernel.provider<HotPathPoint>(HotPathContribution), kernel.container.get(SiteService), kernel.logger));
  server.keepAliveTimeout = 65_000;
  const hooks = kernel.contributions<ServerPoint>(ServerContribution);
  for (const hook of hooks) hook.attach(server);
  kernel.server = server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    stop: async () => {
      await scheduler.stop();
      for (const hook of hooks) await hook.close?.();
      await kernel.stop();
    },
  };
}

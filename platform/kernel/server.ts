import http from 'node:http';
import { createApp } from '@platform/http/app';
import { withHotPaths } from '@platform/http/hot-path';
import { SiteService } from '@platform/http/site-service';
import { EnvFactory } from '@platform/orm/env-factory';
import { HotPathContribution, type HotPathContribution as HotPathPoint, ServerContribution, type ServerContribution as ServerPoint } from '@platform/http/contribution-points';
import { JobContribution, type JobContribution as JobPoint } from '@platform/jobs/job-contribution';
import type { Kernel } from './kernel';
import { Scheduler } from '@platform/jobs/scheduler';

export interface RunningServer {
  server: http.Server;
  port: number;
  stop(): Promise<void>;
}

/** Serves the kernel's routes over HTTP, starts lifecycle hooks and the job scheduler. */
export async function startServer(kernel: Kernel, port: number, opts: { scheduler?: boolean } = {}): Promise<RunningServer> {
  const app = await createApp({
    container: kernel.container, db: kernel.db, config: kernel.config, routes: kernel.routes(),
    unseenTables: kernel.modules.flatMap((m) => m.manifest.unseenTables ?? []),
  });
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

import http from 'node:http';
import { createApp } from '@platform/http/app';
import { withHotPaths } from '@platform/http/hot-path';
import { SiteService } from '@platform/http/site-service';
import { PublicPageCache } from '@platform/http/public-page-cache';
import { LanguageCatalog } from '@platform/http/language-catalog';
import { EnvFactory } from '@platform/orm/env-factory';
import { HotPathContribution, type HotPathContribution as HotPathPoint, ServerContribution, type ServerContribution as ServerPoint } from '@platform/http/contribution-points';
import { JobContribution, type JobContribution as JobPoint } from '@platform/jobs/job-contribution';
import type { Kernel } from './kernel';
import { readGeneration } from './module-operations';
import { Scheduler } from '@platform/jobs/scheduler';

export interface RunningServer {
  server: http.Server;
  port: number;
  /** The kernel serving now: a new one after each reload. */
  readonly kernel: Kernel;
  /** Builds a kernel from the database as it is now and swaps to it (no-op when the generation is unchanged). */
  reload(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  scheduler?: boolean;
  /** How often the process checks whether modules were installed elsewhere (ms; 0: never). */
  watchMs?: number;
}

/**
 * How often each serving process reads the installed modules' generation. Every process polls (one
 * indexed single-row read), whether it runs alone or as one of WORKERS: the process that ran an
 * install reloads at once, the others within this delay, and a `module install` from the command line
 * reaches running servers the same way. Nothing else (no primary-to-worker messages, no restarts) is
 * needed, and a worker started later boots on the new modules anyway.
 */
const WATCH_MS = 2000;
/** Requests still running on a swapped-out kernel get this long before its database pool closes. */
const RETIRE_GRACE_MS = 10_000;

/** One kernel's serving parts: its Koa app (behind the hot paths), its scheduler and its server hooks. */
interface Serving {
  kernel: Kernel;
  handler: http.RequestListener;
  scheduler: Scheduler;
  hooks: ServerPoint[];
  /** The listeners its hooks added to the server (e.g. the bus's `upgrade`), removed when it is swapped out. */
  listeners: Array<{ event: string | symbol; listener: (...args: unknown[]) => void }>;
}

async function prepare(kernel: Kernel): Promise<Serving> {
  const app = await createApp({
    container: kernel.container, db: kernel.db, config: kernel.config, routes: kernel.routes(),
    unseenTables: kernel.modules.flatMap((m) => m.manifest.unseenTables ?? []),
  });
  const scheduler = new Scheduler(
    kernel.db, kernel.container.get(EnvFactory),
    kernel.contributions<JobPoint>(JobContribution).flatMap((c) => c.jobs()), kernel.logger,
  );
  const handler = withHotPaths(app, kernel.provider<HotPathPoint>(HotPathContribution), kernel.container.get(SiteService), kernel.logger, {
    cache: kernel.container.get(PublicPageCache), languages: kernel.container.get(LanguageCatalog),
  });
  return { kernel, handler, scheduler, hooks: kernel.contributions<ServerPoint>(ServerContribution), listeners: [] };
}

function attach(server: http.Server, serving: Serving): void {
  const before = new Map(server.eventNames().map((e) => [e, new Set(server.listeners(e))]));
  for (const hook of serving.hooks) hook.attach(server);
  for (const event of server.eventNames()) {
    for (const listener of server.listeners(event)) {
      if (!before.get(event)?.has(listener)) serving.listeners.push({ event, listener: listener as (...args: unknown[]) => void });
    }
  }
  serving.kernel.server = server;
}

function detach(server: http.Server, serving: Serving): void {
  for (const { event, listener } of serving.listeners) server.off(event, listener);
  serving.listeners = [];
}

/**
 * Serves the kernel's routes over HTTP, starts lifecycle hooks and the job scheduler, and swaps to a
 * new kernel when modules are installed or upgraded (see `reload`), on the same port, without a restart.
 */
export async function startServer(kernel: Kernel, port: number, opts: ServerOptions = {}): Promise<RunningServer> {
  const runScheduler = opts.scheduler !== false;
  let current = await prepare(kernel);
  await kernel.runLifecycle('onStart');
  if (runScheduler) current.scheduler.start();
  // The handler is looked up per request, so a swap takes effect for the next request, keep-alive
  // connections included, while requests already running finish on the kernel that took them.
  const server = http.createServer((req, res) => current.handler(req, res));
  server.keepAliveTimeout = 65_000;
  attach(server, current);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  const address = server.address();

  /** Pools of swapped-out kernels waiting for their grace to end: closed at once when the server stops. */
  const retiring = new Set<() => Promise<void>>();
  let stopped = false;
  let reloading: Promise<void> | undefined;
  /** A generation whose kernel failed to build: not tried again until the next change. */
  let failedGeneration: number | undefined;

  /**
   * Make before break: the new kernel is built, its app prepared and its lifecycle started (the bus
   * starts hearing other processes) while the old one still serves; then requests, server hooks and
   * the scheduler move to it; then the old kernel's hooks stop (WebSockets close and their clients
   * reconnect to the new kernel; buffered clicks are written) and, after a grace, its pool closes.
   * Anything failing before the swap leaves the old kernel serving.
   */
  const swap = async (): Promise<void> => {
    const old = current;
    const generation = await readGeneration(old.kernel.db);
    if (stopped || generation === old.kernel.generation || generation === failedGeneration) return;
    let next: Serving | undefined;
    const began = Date.now();
    try {
      const fresh = await old.kernel.rebuild();
      try {
        next = await prepare(fresh);
        await fresh.runLifecycle('onStart');
      } catch (err) {
        await fresh.stop();
        throw err;
      }
    } catch (err) {
      failedGeneration = generation;
      old.kernel.logger.error({ err, generation }, 'reload failed: still serving the modules loaded before');
      // The caller (an install waiting to say "done", the watcher) learns it: the site did not change.
      throw err;
    }
    if (stopped) {
      await next.kernel.stop();
      return;
    }
    await old.scheduler.stop();
    detach(server, old);
    attach(server, next);
    current = next;
    if (runScheduler) next.scheduler.start();
    wireOperations(next.kernel);
    next.kernel.logger.info({ generation: next.kernel.generation, ms: Date.now() - began, modules: next.kernel.modules.map((m) => m.manifest.name) }, 'reloaded modules');
    for (const hook of old.hooks) await hook.close?.();
    await old.kernel.retire().catch((err) => old.kernel.logger.error({ err }, 'stopping the old kernel\'s hooks failed'));
    const close = () => {
      retiring.delete(close);
      clearTimeout(timer);
      return old.kernel.db.destroy();
    };
    const timer = setTimeout(close, RETIRE_GRACE_MS);
    timer.unref();
    retiring.add(close);
  };
  const reload = (): Promise<void> => {
    // One reload at a time; a reload asked during one runs after it (the generation may have moved on).
    const run = (reloading ?? Promise.resolve()).then(swap, swap);
    reloading = run;
    return run;
  };
  const wireOperations = (k: Kernel) => {
    k.moduleOperations.onApplied = reload;
  };
  wireOperations(kernel);

  const watchMs = opts.watchMs ?? WATCH_MS;
  let watching = false;
  const watcher = watchMs > 0 ? setInterval(() => {
    if (watching || stopped) return;
    watching = true;
    readGeneration(current.kernel.db)
      .then((g) => (g !== current.kernel.generation && g !== failedGeneration ? reload() : undefined))
      .catch((err) => current.kernel.logger.warn({ err }, 'checking for installed modules failed'))
      .finally(() => (watching = false));
  }, watchMs) : undefined;
  watcher?.unref();

  return {
    server,
    port: typeof address === 'object' && address ? address.port : port,
    get kernel() {
      return current.kernel;
    },
    reload,
    stop: async () => {
      stopped = true;
      if (watcher) clearInterval(watcher);
      await reloading?.catch(() => undefined);
      await current.scheduler.stop();
      for (const hook of current.hooks) await hook.close?.();
      await current.kernel.stop();
      await Promise.all([...retiring].map((close) => close()));
    },
  };
}

import path from 'node:path';
import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '@platform/core/config';
import { Kernel } from '@platform/kernel/kernel';
import { startServer, type RunningServer } from '@platform/kernel/server';
import { EnvFactory } from '@platform/orm/env-factory';
import type { Env } from '@platform/orm/environment';
import { InstalledTemplates, installedTemplates } from './installed-templates';
import { createThrowawayDatabase, type ThrowawayDatabase } from './test-database';

export const ADMIN_PASSWORD = 'admin-test-password';

export interface BootOptions {
  /** Modules to install (their dependencies come along). */
  modules: string[];
  /** Start an HTTP server on a free port. */
  http?: boolean;
  demo?: boolean;
  /** Extra module folders (for fixture modules). */
  roots?: string[];
  config?: Partial<Config>;
  /** The kernel's logger (a test that reads what was logged passes one writing to memory). */
  logger?: Logger;
  /** Install into an empty database even when an installed copy could be had (tests of the install itself). */
  fresh?: boolean;
}

/**
 * The key of an installed database a kernel can start from, or undefined when it must install itself:
 * fixture module folders may change between boots, and a test passing a logger may read the install's lines.
 */
function templateKey(opts: BootOptions): string | undefined {
  if (!InstalledTemplates.enabled() || opts.fresh || opts.roots?.length || opts.logger) return undefined;
  const config = JSON.stringify(opts.config ?? {}, (_, v) => (typeof v === 'function' ? { fn: String(v) } : v));
  return JSON.stringify({ modules: [...opts.modules].sort(), demo: !!opts.demo, config });
}

/** A kernel with the chosen modules on a throwaway database, optionally served over HTTP. */
export class TestKernel {
  constructor(readonly kernel: Kernel, private readonly database: ThrowawayDatabase, readonly server?: RunningServer) {}

  get url(): string {
    if (!this.server) throw new Error('boot with { http: true } to get a URL');
    return `http://127.0.0.1:${this.server.port}`;
  }

  sudo(): Env {
    return this.kernel.container.get(EnvFactory).superuser();
  }

  /** A service of the booted kernel, by its class or token (tests never reach into the container). */
  get<T>(id: ServiceIdentifier<T>): T {
    return this.kernel.container.get<T>(id);
  }

  async stop(): Promise<void> {
    if (this.server) await this.server.stop();
    else await this.kernel.stop();
    await this.database.drop();
  }
}

export async function bootTestKernel(opts: BootOptions): Promise<TestKernel> {
  const repoRoot = path.resolve(__dirname, '..', '..');
  const roots = [path.join(repoRoot, 'platform', 'base'), path.join(repoRoot, 'modules'), ...(opts.roots ?? [])];
  const configFor = (database: ThrowawayDatabase): Config => ({
    ...loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', TRUST_PROXY: process.env.TRUST_PROXY }),
    databaseUrl: database.url,
    adminPassword: ADMIN_PASSWORD,
    demo: opts.demo ?? false,
    ...opts.config,
  });
  const key = templateKey(opts);
  const database = key
    ? await installedTemplates.copy(key, createThrowawayDatabase, async (template) => {
      const installer = await Kernel.boot({ config: configFor(template), install: opts.modules, roots, autoInstall: false });
      await installer.stop();
    })
    : await createThrowawayDatabase();
  const config = configFor(database);
  let kernel: Kernel;
  try {
    kernel = await Kernel.boot({ config, install: opts.modules, roots, autoInstall: false, logger: opts.logger });
  } catch (err) {
    await database.drop();
    throw err;
  }
  const server = opts.http ? await startServer(kernel, 0, { scheduler: false }) : undefined;
  return new TestKernel(kernel, database, server);
}

/** Boots only a database with the modules installed, to re-boot it (upgrade tests). */
export { createThrowawayDatabase };

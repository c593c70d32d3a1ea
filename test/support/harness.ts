import path from 'node:path';
import type { ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { loadConfig, type Config } from '@platform/core/config';
import { Kernel } from '@platform/kernel/kernel';
import { startServer, type RunningServer } from '@platform/kernel/server';
import { EnvFactory } from '@platform/orm/env-factory';
import type { Env } from '@platform/orm/environment';
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
  const database = await createThrowawayDatabase();
  const repoRoot = path.resolve(__dirname, '..', '..');
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', TRUST_PROXY: process.env.TRUST_PROXY }),
    databaseUrl: database.url,
    adminPassword: ADMIN_PASSWORD,
    demo: opts.demo ?? false,
    ...opts.config,
  };
  const roots = [path.join(repoRoot, 'platform', 'base'), path.join(repoRoot, 'modules'), ...(opts.roots ?? [])];
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

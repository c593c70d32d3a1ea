import 'reflect-metadata';
import type http from 'node:http';
import { Container } from 'inversify';
import type { Knex } from 'knex';
import pino, { type Logger } from 'pino';
import { RequestScope } from '@platform/core/request-scope';
import { DetachedWork } from '@platform/core/detached-work';
import type { Config } from '@platform/core/config';
import { bindContributionProvider, ContributionProvider } from '@platform/core/contribution';
import { ContributionOwners, ownedBy } from '@platform/core/contribution-owners';
import { orderModules, withDependencies } from '@platform/core/dependency-graph';
import { ModuleLoadError } from '@platform/core/errors';
import { LifecycleContribution } from '@platform/core/lifecycle';
import type { DiscoveredModule } from '@platform/core/manifest';
import { ModuleManager } from '@platform/core/module-manager';
import { stopWriteSignals, WriteSignal } from '@platform/db/write-signal';
import { ConfigToken, DatabaseToken, DiscoveredModulesToken, InstalledModulesToken, LoadedModulesToken, LoggerToken } from '@platform/core/tokens';
import { openDatabase } from '@platform/db/connection';
import { AccessControl } from '@platform/orm/access-control';
import { EnvFactory } from '@platform/orm/env-factory';
import type { OrmState } from '@platform/orm/environment';
import { ModelContribution } from '@platform/orm/model-contribution';
import { ormModule, OrmStateToken } from '@platform/orm/orm-module';
import { ModelRegistry } from '@platform/orm/registry';
import { jobsModule } from '@platform/jobs/jobs-module';
import { RouteContribution } from '@platform/http/contribution-points';
import { httpModule } from '@platform/http/http-module';
import { hashPassword, randomPassword } from '@platform/http/password';
import type { OwnedRoute } from '@platform/http/route-definition';
import { webModule } from '@platform/web/web-module';
import { CliCommandContribution } from './cli/cli-command';
import { defaultModuleRoots, discoverModules } from './discovery';
import { ModuleInstaller, type InstallProgress, type InstallReport } from './module-installer';
import { bumpGeneration, ensureOperationTable, ModuleOperations, readGeneration } from './module-operations';
import { runInstallerProcess } from './installer-runner';
import { ModuleState } from './module-state';
import { checkSchema } from './schema-check';

export interface BootOptions {
  config: Config;
  /** Modules to install now (with their dependencies), besides those already installed. */
  install?: string[];
  /** Modules whose data is reloaded even if their version did not change. */
  upgrade?: string[];
  /** Where modules are discovered (default: platform/base and modules/). */
  roots?: string[];
  logger?: Logger;
  /** The process's request scope (main makes one for the process's kernels, reloads included). */
  requestScope?: RequestScope;
  /** On a new database, install every module (demo on) or those whose manifest says autoInstall (default true). */
  autoInstall?: boolean;
  /** Steps of the installer (migrations and data per module), for a progress bar. */
  onProgress?: (p: InstallProgress) => Promise<void> | void;
}


/** How long requests in progress may finish when the server stops. */
const STOP_GRACE_MS = 2000;


/**
 * The kernel: discovers modules, loads the installed ones into one inversify container in dependency
 * order, builds the model registry and access rules from their contributions, and keeps the database
 * in line with them. It refuses to start, naming the module and the reason, when anything is off.
 */
export class Kernel {
  private stopped = false;
  server?: http.Server;
  /** The installed modules' generation this kernel was built at (see module-operations.ts). */
  generation = 0;
  readonly moduleOperations: ModuleOperations;

  private constructor(
    readonly config: Config,
    readonly container: Container,
    readonly db: Knex,
    readonly allModules: DiscoveredModule[],
    readonly modules: DiscoveredModule[],
    readonly orm: OrmState,
    readonly logger: Logger,
    readonly owners: ContributionOwners,
    public installReport: InstallReport,
    /** How it was booted (roots, logger, ...): a reload or an install from the back office boots the same way. */
    readonly bootOptions: BootOptions,
  ) {
    this.moduleOperations = new ModuleOperations(db, allModules, (what) => runInstallerProcess({ config, roots: bootOptions.roots, ...what }), logger);
  }

  static async boot(opts: BootOptions): Promise<Kernel> {
    const { config } = opts;
    // Every log line written while serving a request (deferred work included) names that request.
    const requestScope = opts.requestScope ?? new RequestScope();
    opts = { ...opts, requestScope };
    const logger = opts.logger ?? pino({ level: config.logLevel, mixin: () => requestScope.current() ?? {} });
    const allModules = orderModules(discoverModules(opts.roots ?? defaultModuleRoots(config.repoRoot)));
    const db = openDatabase(config.databaseUrl, { statementTimeoutMs: config.statementTimeoutMs, preparedStatements: config.pgPreparedStatements });
    try {
      const state = new ModuleState(db);
      await state.ensureTable();
      await ensureOperationTable(db);
      const installed = await state.installed();
      const auto = installed.size === 0 && opts.autoInstall !== false
        // A demo database shows the whole product: every module, enabled on the demo site. Without demo
        // data, the core (manifests marked autoInstall); the rest from the Apps screen or the CLI.
        ? allModules.filter((m) => config.demo || m.manifest.autoInstall).map((m) => m.manifest.name)
        : [];
      // An installed module whose folder is gone is skipped (its data stays); asked-for unknown names fail.
      const known = [...installed.keys()].filter((n) => allModules.some((m) => m.manifest.name === n));
      const wanted = withDependencies(['base', ...known, ...auto, ...(opts.install ?? [])], allModules);
      const modules = allModules.filter((m) => wanted.has(m.manifest.name));

      const container = new Container({ defaultScope: 'Singleton' });
      const orm: OrmState = { registry: new ModelRegistry(), access: new AccessControl() };
      const owners = new ContributionOwners();
      const kernel = new Kernel(config, container, db, allModules, modules, orm, logger, owners, { installed: [], upgraded: [], migrations: [] }, opts);
      kernel.bindPlatform();
      kernel.loadModules();
      // From the first write on (installs included), other processes hear of this kernel's changes.
      container.get(WriteSignal);

      const envs = container.get(EnvFactory);
      const isNewDatabase = !installed.has('base');
      kernel.installReport = await new ModuleInstaller(db, state, envs).sync(modules, { demo: config.demo, upgrade: new Set(opts.upgrade ?? []), onProgress: opts.onProgress });
      await checkSchema(db, orm.registry);
      if (isNewDatabase) await kernel.setAdminPassword();
      // Whoever changed the installed modules (the back office, `module install` on the command line),
      // serving processes see the new generation and reload (server.ts).
      if (kernel.installReport.installed.length || kernel.installReport.upgraded.length) await bumpGeneration(db);
      kernel.generation = await readGeneration(db);
      return kernel;
    } catch (err) {
      await db.destroy();
      throw err;
    }
  }

  /** The platform's parts bind their own services; the kernel adds what only it knows. */
  private bindPlatform(): void {
    const c = this.container;
    c.bind(ConfigToken).toConstantValue(this.config);
    c.bind(DatabaseToken).toConstantValue(this.db);
    c.bind(LoggerToken).toConstantValue(this.logger);
    c.bind(RequestScope).toConstantValue(this.bootOptions.requestScope!);
    c.bind(DetachedWork).toSelf();
    c.bind(InstalledModulesToken).toConstantValue(this.installedNames);
    c.bind(LoadedModulesToken).toConstantValue(this.modules);
    c.bind(DiscoveredModulesToken).toConstantValue(this.allModules);
    c.bind(OrmStateToken).toConstantValue(this.orm);
    c.bind(ContributionOwners).toConstantValue(this.owners);
    c.bind(ModuleManager).toConstantValue(this.moduleOperations);
    for (const point of [LifecycleContribution, CliCommandContribution]) bindContributionProvider((id) => c.bind(id), point);
    c.load(ormModule, jobsModule, httpModule, webModule);
  }

  /**
   * Loads each module's ContainerModule in order, its bindings labelled with the module's name (so
   * every contribution knows its owner), and registers the models it brings.
   */
  private loadModules(): void {
    for (const mod of this.modules) {
      const { name } = mod.manifest;
      if (mod.manifest.server) {
        try {
          this.container.load(ownedBy(name, mod.manifest.server(), this.owners));
        } catch (err) {
          throw new ModuleLoadError(name, `server entry failed to load: ${(err as Error).message}`);
        }
      }
      // Models are registered module by module, so a model or field defined twice names the later module.
      let models: ModelContribution[];
      try {
        models = this.container.getAll<ModelContribution>(ModelContribution, { optional: true });
      } catch (err) {
        throw new ModuleLoadError(name, `a model contribution cannot be created: ${(err as Error).message}`);
      }
      for (const contribution of models) {
        if (this.owners.get(contribution) !== name) continue;
        for (const def of contribution.models()) this.orm.registry.add(name, def);
      }
      this.orm.access.addRights(mod.manifest.access ?? []);
      this.orm.access.addRules(mod.manifest.rules ?? []);
    }
    this.orm.registry.validate();
    for (const mod of this.modules) {
      for (const right of mod.manifest.access ?? []) {
        if (!this.orm.registry.has(right.model)) throw new ModuleLoadError(mod.manifest.name, `access right on unknown model '${right.model}'`);
      }
    }
    this.routes(); // fails on duplicates now rather than at the first request
  }

  /** The provider of a contribution point, for the platform's assembly (services inject it instead). */
  provider<T extends object>(point: symbol): ContributionProvider<T> {
    return this.container.get<ContributionProvider<T>>(ContributionProvider, { name: point });
  }

  contributions<T extends object>(point: symbol): T[] {
    return this.provider<T>(point).getContributions();
  }

  private routeCache?: OwnedRoute[];
  /** Every route with the module that owns it; two modules claiming one method+path stop the boot. */
  routes(): OwnedRoute[] {
    if (this.routeCache) return this.routeCache;
    const seen = new Map<string, string>();
    const result: OwnedRoute[] = [];
    const provider = this.provider<RouteContribution>(RouteContribution);
    for (const contribution of provider.getContributions()) {
      const module = provider.ownerOf(contribution);
      for (const route of contribution.routes()) {
        for (const method of route.methods ?? [route.type === 'json' ? 'POST' : 'GET']) {
          const key = `${method} ${route.path}`;
          const prior = seen.get(key);
          if (prior) throw new ModuleLoadError(module, `route ${key} is already defined by module '${prior}'`);
          seen.set(key, module);
        }
        result.push({ route, module });
      }
    }
    this.routeCache = result;
    return result;
  }

  get installedNames(): Set<string> {
    return new Set(this.modules.map((m) => m.manifest.name));
  }

  private async setAdminPassword(): Promise<void> {
    const password = this.config.adminPassword ?? randomPassword();
    await this.db('res_users').where({ login: 'admin' }).update({ password_hash: await hashPassword(password) });
    if (!this.config.adminPassword) {
      // Printed once, on the console only: it is not stored anywhere in clear.
      process.stdout.write(`\nDatabase created. Log in as 'admin' with password: ${password}\n\n`);
    }
  }

  /** The same kernel again, built from the database as it is now (after an install): what a reload serves. */
  rebuild(): Promise<Kernel> {
    return Kernel.boot({ ...this.bootOptions, install: undefined, upgrade: undefined, onProgress: undefined, autoInstall: false });
  }

  /**
   * Swapped out by a reload: its lifecycle hooks stop now (after the new kernel's started, see
   * server.ts) but not its database pool, which the server closes after a grace so that requests
   * still running on this kernel can finish.
   */
  async retire(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.server = undefined;
    await this.runLifecycle('onStop');
  }

  async runLifecycle(phase: 'onStart' | 'onStop'): Promise<void> {
    const hooks = this.contributions<LifecycleContribution>(LifecycleContribution);
    for (const hook of phase === 'onStart' ? hooks : [...hooks].reverse()) await hook[phase]?.();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.server) {
      const server = this.server;
      // close() waits for every open connection; requests in progress get a short grace, then the
      // rest (long-polls would hold the stop for their whole timeout) are cut; their clients retry.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      await closed;
      clearTimeout(cut);
    }
    await this.runLifecycle('onStop');
    await stopWriteSignals(this.db);
    await this.db.destroy();
  }
}

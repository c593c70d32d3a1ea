import 'reflect-metadata';
import type http from 'node:http';
import { Container, type ServiceIdentifier } from 'inversify';
import type { Knex } from 'knex';
import pino, { type Logger } from 'pino';
import { openDatabase } from '../db/connection';
import { AccessControl } from '../orm/access-control';
import { EnvFactory } from '../orm/env-factory';
import type { OrmState } from '../orm/environment';
import { ModelRegistry } from '../orm/registry';
import type { RouteDefinition } from '../http/route-definition';
import { hashPassword, randomPassword } from '../http/password';
import { RateLimiter } from '../http/rate-limiter';
import { SessionStore } from '../http/session-store';
import { SiteService } from '../http/site-service';
import { UserDirectory } from '../http/user-directory';
import type { Config } from './config';
import { ContainerContributionProvider, ContributionOwners, type ContributionProvider } from './contribution';
import {
  JobContribution, LayoutWidgetContribution, LifecycleContribution, MenuContribution, ModelContribution, RouteContribution, ServerContribution, SitemapContribution, CliCommandContribution, HotPathContribution,
} from './contribution-points';
import { orderModules, withDependencies } from './dependency-graph';
import { defaultModuleRoots, discoverModules } from './discovery';
import { ModuleLoadError } from './errors';
import type { DiscoveredModule } from './manifest';
import { ModuleInstaller, type InstallReport } from './module-installer';
import { ModuleState } from './module-state';
import { checkSchema } from './schema-check';
import { LanguageCatalog } from '../web/language-catalog';
import { PageRenderer } from '../web/page-renderer';
import { TranslationCatalog } from '../web/translation-catalog';
import { WebAssets } from '../web/web-assets';
import { ConfigToken, DatabaseToken, KernelToken, LoggerToken } from './tokens';

export interface BootOptions {
  config: Config;
  /** Modules to install now (with their dependencies), besides those already installed. */
  install?: string[];
  /** Modules whose data is reloaded even if their version did not change. */
  upgrade?: string[];
  /** Where modules are discovered (default: platform/base and modules/). */
  roots?: string[];
  logger?: Logger;
  /** On a new database, install every module whose manifest says autoInstall (default true). */
  autoInstall?: boolean;
}

export interface OwnedRoute {
  route: RouteDefinition;
  module: string;
}

/** How long requests in progress may finish when the server stops. */
const STOP_GRACE_MS = 2000;

const POINTS = [ModelContribution, RouteContribution, MenuContribution, JobContribution, LifecycleContribution, SitemapContribution, ServerContribution, CliCommandContribution, HotPathContribution, LayoutWidgetContribution];

/**
 * The kernel: discovers modules, loads the installed ones into one inversify container in dependency
 * order, builds the model registry and access rules from their contributions, and keeps the database
 * in line with them. It refuses to start, naming the module and the reason, when anything is off.
 */
export class Kernel {
  private readonly providers = new Map<symbol, ContainerContributionProvider<object>>();
  private stopped = false;
  server?: http.Server;

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
  ) {}

  static async boot(opts: BootOptions): Promise<Kernel> {
    const { config } = opts;
    const logger = opts.logger ?? pino({ level: config.logLevel });
    const allModules = orderModules(discoverModules(opts.roots ?? defaultModuleRoots(config.repoRoot)));
    const db = openDatabase(config.databaseUrl, { statementTimeoutMs: config.statementTimeoutMs });
    try {
      const state = new ModuleState(db);
      await state.ensureTable();
      const installed = await state.installed();
      const auto = installed.size === 0 && opts.autoInstall !== false
        ? allModules.filter((m) => m.manifest.autoInstall).map((m) => m.manifest.name)
        : [];
      // An installed module whose folder is gone is skipped (its data stays); asked-for unknown names fail.
      const known = [...installed.keys()].filter((n) => allModules.some((m) => m.manifest.name === n));
      const wanted = withDependencies(['base', ...known, ...auto, ...(opts.install ?? [])], allModules);
      const modules = allModules.filter((m) => wanted.has(m.manifest.name));

      const container = new Container({ defaultScope: 'Singleton' });
      const orm: OrmState = { registry: new ModelRegistry(), access: new AccessControl() };
      const owners = new ContributionOwners();
      const kernel = new Kernel(config, container, db, allModules, modules, orm, logger, owners, { installed: [], upgraded: [], migrations: [] });
      kernel.bindPlatform();
      kernel.loadModules();

      const envs = container.get(EnvFactory);
      const isNewDatabase = !installed.has('base');
      kernel.installReport = await new ModuleInstaller(db, state, envs).sync(modules, { demo: config.demo, upgrade: new Set(opts.upgrade ?? []) });
      await checkSchema(db, orm.registry);
      if (isNewDatabase) await kernel.setAdminPassword();
      return kernel;
    } catch (err) {
      await db.destroy();
      throw err;
    }
  }

  private bindPlatform(): void {
    const c = this.container;
    c.bind(ConfigToken).toConstantValue(this.config);
    c.bind(DatabaseToken).toConstantValue(this.db);
    c.bind(LoggerToken).toConstantValue(this.logger);
    c.bind(KernelToken).toConstantValue(this);
    c.bind(EnvFactory).toConstantValue(new EnvFactory(this.orm, this.db));
    c.bind(SessionStore).toConstantValue(new SessionStore(this.db));
    c.bind(RateLimiter).toConstantValue(new RateLimiter(this.db));
    c.bind(UserDirectory).toConstantValue(new UserDirectory(this.db));
    c.bind(SiteService).toConstantValue(new SiteService(this.db, this.allModules));
    c.bind(LanguageCatalog).toConstantValue(new LanguageCatalog(this.db));
    c.bind(TranslationCatalog).toConstantValue(new TranslationCatalog(this.modules));
    c.bind(WebAssets).toConstantValue(new WebAssets(this.modules, this.logger));
    c.bind(PageRenderer).toDynamicValue((ctx) => new PageRenderer(
      this.provider<MenuContribution>(MenuContribution), this.provider<LayoutWidgetContribution>(LayoutWidgetContribution), ctx.get(WebAssets), ctx.get(TranslationCatalog), ctx.get(LanguageCatalog),
    ));
    for (const point of POINTS) this.providers.set(point, new ContainerContributionProvider(this.container, point, this.owners));
  }

  /** Loads each module's ContainerModule in order and records which contributions it brought. */
  private loadModules(): void {
    for (const mod of this.modules) {
      const { name } = mod.manifest;
      // Points a module defines for its dependents (e.g. website's record widgets) get a provider first.
      for (const point of mod.manifest.contributionPoints?.() ?? []) {
        if (!this.providers.has(point)) this.providers.set(point, new ContainerContributionProvider(this.container, point, this.owners));
      }
      if (mod.manifest.server) {
        try {
          this.container.load(mod.manifest.server());
        } catch (err) {
          throw new ModuleLoadError(name, `server entry failed to load: ${(err as Error).message}`);
        }
      }
      for (const provider of this.providers.values()) {
        provider.reset();
        let contributions: object[];
        try {
          contributions = provider.getContributions();
        } catch (err) {
          throw new ModuleLoadError(name, `a contribution cannot be created: ${(err as Error).message}`);
        }
        for (const c of contributions) this.owners.set(c, name);
      }
      for (const contribution of this.contributions<ModelContribution>(ModelContribution)) {
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

  provider<T extends object>(point: ServiceIdentifier<T>): ContributionProvider<T> {
    const p = this.providers.get(point as symbol);
    if (!p) throw new Error(`Unknown contribution point ${String(point)}`);
    return p as unknown as ContributionProvider<T>;
  }

  contributions<T extends object>(point: ServiceIdentifier<T>): T[] {
    return this.provider(point).getContributions();
  }

  private routeCache?: OwnedRoute[];
  /** Every route with the module that owns it; two modules claiming one method+path stop the boot. */
  routes(): OwnedRoute[] {
    if (this.routeCache) return this.routeCache;
    const seen = new Map<string, string>();
    const result: OwnedRoute[] = [];
    for (const contribution of this.contributions<RouteContribution>(RouteContribution)) {
      const module = this.owners.get(contribution);
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
    await this.db.destroy();
  }
}

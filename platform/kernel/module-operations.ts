import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { withDependencies } from '@platform/core/dependency-graph';
import { UserError, ValidationError } from '@platform/core/errors';
import type { DiscoveredModule } from '@platform/core/manifest';
import type { ModuleManager, ModuleOperationState, ModuleOperationStatus } from '@platform/core/module-manager';
import type { InstallProgress } from './module-installer';
import { ModuleState } from './module-state';

const TABLE = 'ir_module_operation';
/**
 * A running operation whose process stopped reporting for this long is taken as dead (the process
 * crashed or was killed mid-install): the next operation may start. Steps report at least once per
 * module, so only a single module's migrations or data taking longer than this could be overtaken.
 */
const STALE_MS = 10 * 60_000;

/**
 * Runs the installer as the CLI does (a fresh kernel on the same configuration), which writes its
 * steps with `recordProgress`; rejects with the failing module and the reason.
 */
export type InstallerRun = (what: { install?: string[]; upgrade?: string[] }) => Promise<void>;

/** An installer failure: the module (when known) and why. */
export class InstallerFailure extends Error {
  constructor(readonly moduleName: string | null, message: string) {
    super(message);
  }
}

/** Writes an installer step to the operation row. Progress: migrations 5-45 %, data 45-90 %, the reload 90-99 %. */
export async function recordProgress(db: Knex, p: InstallProgress): Promise<void> {
  const share = p.total ? p.index / p.total : 0;
  const progress = Math.round(p.phase === 'migrate' ? 5 + 40 * share : 45 + 45 * share);
  await db(TABLE).where({ id: 1, state: 'running' }).update({ step: p.phase === 'migrate' ? 'migrating' : 'loading', module: p.module, progress, heartbeat_ms: Date.now() });
}

const ALREADY_RUNNING = 'An installation is already running: wait until it ends, then try again.';

interface Row {
  op_id: number | string;
  generation: number | string;
  state: ModuleOperationState;
  operation: 'install' | 'upgrade' | null;
  modules: string;
  plan: string;
  step: string;
  module: string | null;
  progress: number | string;
  error: string | null;
  heartbeat_ms: number | string | null;
}

/** Creates the single row of the operation table: the lock, the progress of the running operation, and the generation. */
export async function ensureOperationTable(db: Knex): Promise<void> {
  if (!(await db.schema.hasTable(TABLE))) {
    try {
      await db.schema.createTable(TABLE, (t) => {
        t.integer('id').primary();
        t.integer('op_id').notNullable().defaultTo(0);
        // Bumped each time the set of installed modules or their data changes: serving processes reload.
        t.integer('generation').notNullable().defaultTo(0);
        t.string('state', 16).notNullable().defaultTo('idle');
        t.string('operation', 16);
        t.text('modules').notNullable().defaultTo('[]');
        t.text('plan').notNullable().defaultTo('[]');
        t.string('step', 32).notNullable().defaultTo('');
        t.string('module', 64);
        t.integer('progress').notNullable().defaultTo(0);
        t.text('error');
        t.bigInteger('heartbeat_ms');
        t.integer('started_by');
      });
    } catch (err) {
      // Two processes booting at once on a new database: the other one created it.
      if (!(await db.schema.hasTable(TABLE))) throw err;
    }
  }
  await db(TABLE).insert({ id: 1 }).onConflict('id').ignore();
}

/** The generation of installed modules (see ensureOperationTable); processes compare it to their kernel's. */
export async function readGeneration(db: Knex): Promise<number> {
  const row = await db(TABLE).where({ id: 1 }).first('generation');
  return Number(row?.generation ?? 0);
}

/** Tells serving processes that installed modules or their data changed. */
export async function bumpGeneration(db: Knex): Promise<void> {
  await db(TABLE).where({ id: 1 }).update({ generation: db.raw('generation + 1') });
}

/**
 * The kernel's ModuleManager. The lock is the operation table's single row: starting an operation is
 * one UPDATE that only matches when no operation runs (or the one running stopped reporting), so two
 * administrators or two workers cannot both start one, on SQLite as on PostgreSQL (where the second
 * UPDATE waits for the first's row lock and then sees `running`). The operation runs in the process
 * that received the request, in the background; its steps are written to the row, which every process
 * reads for `status()`.
 */
export class ModuleOperations implements ModuleManager {
  /** Set by the serving process: called after a successful operation, before it reports done. */
  onApplied?: () => Promise<void>;

  constructor(
    private readonly db: Knex,
    private readonly allModules: DiscoveredModule[],
    private readonly runInstaller: InstallerRun,
    private readonly logger: Logger,
  ) {}

  async plan(names: string[]): Promise<string[]> {
    this.checkKnown(names);
    const installed = await new ModuleState(this.db).installed();
    const wanted = withDependencies(names, this.allModules);
    return this.allModules.map((m) => m.manifest.name).filter((n) => wanted.has(n) && !installed.has(n));
  }

  async install(names: string[], by?: number): Promise<ModuleOperationStatus> {
    // Told first: while an operation runs, what is installed is changing under the checks below.
    await this.refuseWhileRunning();
    const plan = await this.plan(names);
    if (plan.length === 0) throw new UserError(`Already installed: ${names.join(', ')}`);
    return this.start('install', names, plan, by);
  }

  async upgrade(names: string[], by?: number): Promise<ModuleOperationStatus> {
    await this.refuseWhileRunning();
    this.checkKnown(names);
    const installed = await new ModuleState(this.db).installed();
    const missing = names.filter((n) => !installed.has(n));
    if (missing.length) throw new ValidationError(`Not installed: ${missing.join(', ')}`);
    return this.start('upgrade', names, this.allModules.map((m) => m.manifest.name).filter((n) => names.includes(n)), by);
  }

  async status(): Promise<ModuleOperationStatus> {
    const row = (await this.db(TABLE).where({ id: 1 }).first()) as Row | undefined;
    if (!row) return { id: 0, state: 'idle', operation: null, modules: [], plan: [], step: '', module: null, progress: 0, error: null };
    const stale = row.state === 'running' && Number(row.heartbeat_ms ?? 0) < Date.now() - STALE_MS;
    return {
      id: Number(row.op_id),
      state: stale ? 'failed' : row.state,
      operation: row.operation,
      modules: JSON.parse(row.modules) as string[],
      plan: JSON.parse(row.plan) as string[],
      step: stale ? 'failed' : row.step,
      module: row.module,
      progress: Number(row.progress),
      error: stale ? 'The process running this operation stopped answering.' : row.error,
    };
  }

  private async refuseWhileRunning(): Promise<void> {
    if ((await this.status()).state === 'running') throw new UserError(ALREADY_RUNNING);
  }

  private checkKnown(names: string[]): void {
    if (names.length === 0) throw new ValidationError('Name at least one module');
    const unknown = names.filter((n) => n === 'base' || !this.allModules.some((m) => m.manifest.name === n));
    if (unknown.length) throw new ValidationError(`Unknown module: ${unknown.join(', ')}`);
  }

  private async start(operation: 'install' | 'upgrade', names: string[], plan: string[], by?: number): Promise<ModuleOperationStatus> {
    const now = Date.now();
    const taken = await this.db(TABLE)
      .where({ id: 1 })
      .andWhere((q) => q.whereNot('state', 'running').orWhere('heartbeat_ms', '<', now - STALE_MS).orWhereNull('heartbeat_ms'))
      .update({
        op_id: this.db.raw('op_id + 1'), state: 'running', operation, modules: JSON.stringify(names), plan: JSON.stringify(plan),
        step: 'resolving', module: null, progress: 2, error: null, heartbeat_ms: now, started_by: by ?? null,
      });
    if (!taken) throw new UserError(ALREADY_RUNNING);
    const started = await this.status();
    this.run(operation, names, plan).catch((err) => this.logger.error({ err }, 'module operation: could not record its end'));
    return started;
  }

  private async run(operation: 'install' | 'upgrade', names: string[], plan: string[]): Promise<void> {
    const log = this.logger.child({ operation, modules: names });
    log.info({ plan }, 'module operation started');
    try {
      await this.runInstaller(operation === 'install' ? { install: names } : { upgrade: names });
    } catch (err) {
      const module = err instanceof InstallerFailure ? err.moduleName : null;
      log.error({ err, module }, 'module operation failed');
      await this.report({ state: 'failed', step: 'failed', module, error: (err as Error).message.slice(0, 2000) });
      return;
    }
    await this.report({ step: 'reloading', module: null, progress: 90 });
    try {
      await this.onApplied?.();
    } catch (err) {
      // Installed in the database, but this process could not load it: it keeps serving what it had,
      // and the screen must say so rather than "done".
      log.error({ err }, 'module operation: reload failed');
      const reason = `Installed, but the running site could not load it (${(err as Error).message.slice(0, 1500)}). Restart the server once the cause is fixed.`;
      await this.report({ state: 'failed', step: 'failed', module: null, error: reason });
      return;
    }
    await this.report({ state: 'done', step: 'done', module: null, progress: 100 });
    log.info('module operation done');
  }

  private async report(values: Partial<Pick<Row, 'state' | 'step' | 'module' | 'progress' | 'error'>>): Promise<void> {
    await this.db(TABLE).where({ id: 1 }).update({ ...values, heartbeat_ms: Date.now() });
  }
}

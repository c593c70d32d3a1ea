import type { Knex } from 'knex';
import { migrateModule } from '@platform/db/migrator';
import type { EnvFactory } from '@platform/orm/env-factory';
import { ref, type DataRecord } from '@platform/core/data-record';
import { DataLoader, ensureDataTable } from '@platform/orm/data-loader';
import type { DiscoveredModule } from '@platform/core/manifest';
import type { ModuleState } from './module-state';
import path from 'node:path';

/** A step of `sync`, for a progress bar: `index` of `total` modules in dependency order. */
export interface InstallProgress {
  phase: 'migrate' | 'data';
  module: string;
  index: number;
  total: number;
}

export interface InstallReport {
  installed: string[];
  upgraded: string[];
  migrations: string[];
}

/**
 * Brings the database in line with the loaded modules, in dependency order: a new module gets its
 * migrations, groups, data and (when DEMO is on) demo data; an installed one only its new migrations,
 * plus its data again when its version changed or an upgrade was asked for.
 */
export class ModuleInstaller {
  constructor(private readonly db: Knex, private readonly state: ModuleState, private readonly envs: EnvFactory) {}

  async sync(
    modules: DiscoveredModule[],
    opts: { demo: boolean; upgrade?: ReadonlySet<string>; onProgress?: (p: InstallProgress) => Promise<void> | void },
  ): Promise<InstallReport> {
    const report: InstallReport = { installed: [], upgraded: [], migrations: [] };
    await ensureDataTable(this.envs.superuser());
    const installed = await this.state.installed();
    // Every table and column first: the registry already holds all loaded modules' fields, so data of
    // a module (and its defaults) may touch columns that a module extending it adds.
    for (const [index, mod] of modules.entries()) {
      await opts.onProgress?.({ phase: 'migrate', module: mod.manifest.name, index, total: modules.length });
      const folder = mod.manifest.migrations ? path.resolve(mod.path, mod.manifest.migrations) : undefined;
      const ran = await migrateModule(this.db, mod.manifest.name, folder);
      report.migrations.push(...ran.map((r) => `${mod.manifest.name}/${r}`));
    }
    for (const [index, mod] of modules.entries()) {
      const { name, version } = mod.manifest;
      const current = installed.get(name);
      const reload = !current || current.version !== version || opts.upgrade?.has(name);
      if (reload) await opts.onProgress?.({ phase: 'data', module: name, index, total: modules.length });
      if (!current) {
        await this.loadData(mod, 'install', opts.demo);
        report.installed.push(name);
        await this.enableOnAllSites(name);
      } else if (current.version !== version || opts.upgrade?.has(name)) {
        await this.loadData(mod, 'update', false);
        report.upgraded.push(name);
      } else continue;
      await this.state.markInstalled(this.db, name, version, opts.demo);
    }
    return report;
  }

  private async loadData(mod: DiscoveredModule, mode: 'install' | 'update', demo: boolean): Promise<void> {
    const m = mod.manifest;
    await this.envs.superuser().transaction(async (env) => {
      const loader = new DataLoader(env, m.name);
      const groups: DataRecord[] = (m.groups ?? []).map((g) => ({
        id: g.id,
        model: 'res.groups',
        values: { name: g.name, implied_ids: [[6, 0, (g.implies ?? []).map((x) => ref(x))]] },
      }));
      await loader.load(groups, mode);
      if (m.data) await loader.load(await m.data(), mode);
      if (demo && m.demo) await loader.load(await m.demo(), 'install');
    });
  }

  private async enableOnAllSites(name: string): Promise<void> {
    if (name === 'base' || !(await this.db.schema.hasTable('website_module'))) return;
    const sites: Array<{ id: number }> = await this.db('website').select('id');
    for (const s of sites) await this.db('website_module').insert({ website_id: s.id, module: name }).onConflict(['website_id', 'module']).ignore();
  }
}

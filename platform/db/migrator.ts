import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { ModuleLoadError } from '@platform/core/errors';
import { knexDialect } from './connection';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

const TABLE = 'ir_module_migration';

/** Creates the bookkeeping table of applied migrations (module, file name). */
export async function ensureMigrationTable(knex: Knex): Promise<void> {
  if (await knex.schema.hasTable(TABLE)) return;
  await knex.schema.createTable(TABLE, (t) => {
    t.string('module', 64).notNullable();
    t.string('name', 255).notNullable();
    t.timestamp('applied_at', { useTz: false }).notNullable().defaultTo(knex.fn.now());
    t.primary(['module', 'name']);
  });
}

/** Migration files of a module folder, sorted by their timestamp-prefixed names. */
export function listMigrations(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.d.ts')).sort();
}

/**
 * Runs the module's migrations that have not run on this database yet, each in its own transaction,
 * and records them. A failing migration stops everything and names the module and file.
 */
export async function migrateModule(knex: Knex, moduleName: string, folder: string | undefined): Promise<string[]> {
  await ensureMigrationTable(knex);
  if (!folder) return [];
  const applied = new Set(
    (await knex(TABLE).where({ module: moduleName }).select('name')).map((r: { name: string }) => r.name),
  );
  const ran: string[] = [];
  for (const file of listMigrations(folder)) {
    const name = file.replace(/\.(ts|js)$/, '');
    if (applied.has(name)) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const migration = require(path.join(folder, file)) as Migration;
    if (typeof migration.up !== 'function') throw new ModuleLoadError(moduleName, `migration ${file} exports no up()`);
    try {
      await knex.transaction(async (trx) => {
        // The statement timeout guards requests; building an index on a large table may take longer.
        if (knexDialect(trx) === 'postgres') await trx.raw('SET LOCAL statement_timeout = 0');
        await migration.up(trx);
        await trx(TABLE).insert({ module: moduleName, name });
      });
    } catch (err) {
      throw new ModuleLoadError(moduleName, `migration ${file} failed: ${(err as Error).message}`);
    }
    ran.push(name);
  }
  return ran;
}

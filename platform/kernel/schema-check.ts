import type { Knex } from 'knex';
import { knexDialect } from '@platform/db/connection';
import { ModuleLoadError } from '@platform/core/errors';
import type { ModelRegistry } from '@platform/orm/registry';

/**
 * Verifies that every stored field has its column (and every many2many its table), so a module whose
 * migration forgot a column fails at boot, named, instead of at the first query. One catalogue query
 * for all tables: this runs at every start.
 */
export async function checkSchema(db: Knex, registry: ModelRegistry): Promise<void> {
  const tables = new Set<string>();
  for (const meta of registry.all()) {
    tables.add(meta.table);
    for (const f of meta.fields.values()) if (f.type === 'many2many' && f.stored) tables.add(f.relation!);
  }
  const columns = await columnsOf(db, [...tables]);
  for (const meta of registry.all()) {
    const cols = columns.get(meta.table);
    if (!cols) throw new ModuleLoadError(meta.module, `table '${meta.table}' of model '${meta.name}' does not exist (missing migration?)`);
    for (const f of meta.columnFields()) {
      if (!cols.has(f.name)) {
        throw new ModuleLoadError(f.module, `column '${meta.table}.${f.name}' for field '${meta.name}.${f.name}' does not exist (missing migration?)`);
      }
    }
    for (const f of meta.fields.values()) {
      if (f.type === 'many2many' && f.stored && !columns.has(f.relation!)) {
        throw new ModuleLoadError(f.module, `relation table '${f.relation}' for field '${meta.name}.${f.name}' does not exist (missing migration?)`);
      }
    }
  }
}

/** table -> its column names, for the tables that exist. */
async function columnsOf(db: Knex, tables: string[]): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>();
  if (tables.length === 0) return result;
  const marks = tables.map(() => '?').join(',');
  const rows: Array<{ t: string; c: string }> = knexDialect(db) === 'postgres'
    ? (await db.raw(
      `SELECT c.relname AS t, a.attname AS c FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped AND c.relname IN (${marks})`,
      tables,
    )).rows
    : await db.raw(
      `SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name IN (${marks})`,
      tables,
    );
  for (const { t, c } of rows) {
    if (!result.has(t)) result.set(t, new Set());
    result.get(t)!.add(c);
  }
  return result;
}

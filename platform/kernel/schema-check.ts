import type { Knex } from 'knex';
import { ModuleLoadError } from './errors';
import type { ModelRegistry } from '../orm/registry';

/**
 * Verifies that every stored field has its column (and every many2many its table), so a module whose
 * migration forgot a column fails at boot, named, instead of at the first query.
 */
export async function checkSchema(db: Knex, registry: ModelRegistry): Promise<void> {
  for (const meta of registry.all()) {
    const columns = await db(meta.table).columnInfo().catch(() => null);
    if (!columns || Object.keys(columns).length === 0) {
      throw new ModuleLoadError(meta.module, `table '${meta.table}' of model '${meta.name}' does not exist (missing migration?)`);
    }
    for (const f of meta.columnFields()) {
      if (!(f.name in columns)) {
        throw new ModuleLoadError(f.module, `column '${meta.table}.${f.name}' for field '${meta.name}.${f.name}' does not exist (missing migration?)`);
      }
    }
    for (const f of meta.fields.values()) {
      if (f.type === 'many2many' && f.stored && !(await db.schema.hasTable(f.relation!))) {
        throw new ModuleLoadError(f.module, `relation table '${f.relation}' for field '${meta.name}.${f.name}' does not exist (missing migration?)`);
      }
    }
  }
}

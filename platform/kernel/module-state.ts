import type { Knex } from 'knex';
import { nowUtc } from '@platform/orm/sql-values';

const TABLE = 'ir_module_module';

export interface InstalledModule {
  name: string;
  version: string;
  demo: boolean;
}

/** Which modules are installed on this database, at which version. */
export class ModuleState {
  constructor(private readonly db: Knex) {}

  async ensureTable(): Promise<void> {
    if (await this.db.schema.hasTable(TABLE)) return;
    await this.db.schema.createTable(TABLE, (t) => {
      t.string('name', 64).primary();
      t.string('version', 32).notNullable();
      t.boolean('demo').notNullable().defaultTo(false);
      t.timestamp('install_date', { useTz: false });
      t.timestamp('write_date', { useTz: false });
    });
  }

  async installed(): Promise<Map<string, InstalledModule>> {
    if (!(await this.db.schema.hasTable(TABLE))) return new Map();
    const rows = await this.db(TABLE).select('name', 'version', 'demo');
    return new Map(rows.map((r: { name: string; version: string; demo: unknown }) => [r.name, { name: r.name, version: r.version, demo: r.demo === true || r.demo === 1 }]));
  }

  async markInstalled(db: Knex, name: string, version: string, demo: boolean): Promise<void> {
    const now = nowUtc();
    await db(TABLE).insert({ name, version, demo, install_date: now, write_date: now }).onConflict('name').merge({ version, write_date: now });
  }
}

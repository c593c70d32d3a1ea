import type { Knex } from 'knex';
import type { Env } from './environment';
import { ModuleLoadError } from '@platform/core/errors';
import { XmlRef, type DataRecord } from '@platform/core/data-record';

const TABLE = 'ir_model_data';

/**
 * Loads data records by external id: creates the ones that do not exist, updates the others
 * (unless marked noupdate), and resolves `ref()` values to database ids.
 */
export class DataLoader {
  constructor(private readonly env: Env, private readonly moduleName: string) {}

  async load(records: DataRecord[], mode: 'install' | 'update'): Promise<void> {
    for (const rec of records) {
      const [module, name] = splitXmlid(rec.id, this.moduleName);
      try {
        const values = (await this.resolve(rec.values)) as Record<string, unknown>;
        const existing = await this.env.db(TABLE).where({ module, name }).first();
        const model = this.env.model(rec.model);
        if (existing && (await model.search([['id', '=', existing.res_id]], { limit: 1 })).length) {
          // Another module's record (e.g. website giving the admin its groups) is amended at install too.
          const foreign = module !== this.moduleName;
          if ((mode === 'update' || foreign) && !rec.noupdate) await model.write([existing.res_id], values);
          else if (mode === 'install' && rec.amend) await model.write([existing.res_id], values);
          continue;
        }
        const id = await model.create(values);
        if (existing) await this.env.db(TABLE).where({ module, name }).update({ res_id: id, model: rec.model });
        else await this.env.db(TABLE).insert({ module, name, model: rec.model, res_id: id });
      } catch (err) {
        if (err instanceof ModuleLoadError) throw err;
        throw new ModuleLoadError(this.moduleName, `data record '${rec.id}' (${rec.model}) failed: ${(err as Error).message}`);
      }
    }
  }

  private async resolve(value: unknown): Promise<unknown> {
    if (value instanceof XmlRef) return resolveXmlid(this.env, value.xmlid);
    if (Array.isArray(value)) {
      // One after another: inside the install's transaction every query goes through one connection,
      // and pg refuses (pg@9) or warns of (pg@8) a query sent while another is running on it.
      const out: unknown[] = [];
      for (const v of value) out.push(await this.resolve(v));
      return out;
    }
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = await this.resolve(v);
      return out;
    }
    return value;
  }
}

export function splitXmlid(xmlid: string, defaultModule: string): [string, string] {
  const dot = xmlid.indexOf('.');
  return dot > 0 ? [xmlid.slice(0, dot), xmlid.slice(dot + 1)] : [defaultModule, xmlid];
}

/** Database id of a record named by external id; fails loudly when it does not exist. */
export async function resolveXmlid(env: Env, xmlid: string): Promise<number> {
  const [module, name] = splitXmlid(xmlid, '');
  const row = await env.db(TABLE).where({ module, name }).first();
  if (!row) throw new Error(`External id '${xmlid}' not found`);
  return row.res_id as number;
}

export async function ensureDataTable(env: Env): Promise<void> {
  if (await env.db.schema.hasTable(TABLE)) return;
  await env.db.schema.createTable(TABLE, (t) => {
    t.string('module', 64).notNullable();
    t.string('name', 128).notNullable();
    t.string('model', 64).notNullable();
    t.integer('res_id').notNullable();
    t.primary(['module', 'name']);
    t.index(['model', 'res_id']);
  });
}

/**
 * For a migration: removes what a data record a module no longer ships left behind, its row in `table`
 * (only while it still looks as the record made it: `untouched`) and its external id.
 */
export async function removeDataRecord(knex: Knex, xmlid: string, table: string, untouched: (q: Knex.QueryBuilder) => Knex.QueryBuilder = (q) => q): Promise<void> {
  const [module, name] = splitXmlid(xmlid, '');
  const ref = await knex(TABLE).where({ module, name }).first('res_id');
  if (!ref) return;
  await untouched(knex(table).where({ id: ref.res_id })).delete();
  await knex(TABLE).where({ module, name }).delete();
}

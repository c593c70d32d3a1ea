import { ValidationError } from '@platform/core/errors';
import type { Env } from './environment';
import type { Field } from './fields';
import type { ModelMeta } from './registry';
import { nowUtc, toDb } from './sql-values';
import { parseTranslations, type Row } from './record-reader';
import { sanitizeFieldHtml } from './html-sanitizer';

const AUDIT = new Set(['id', 'create_uid', 'create_date', 'write_uid', 'write_date']);

/** x2many command as the original platform writes them: [0,0,vals] [1,id,vals] [2,id] [3,id] [4,id] [5] [6,0,ids]. */
type Command = [number, number?, unknown?];

interface Prepared {
  columns: Row;
  translations: Array<[Field, unknown]>;
  relations: Array<[Field, Command[]]>;
}

/** Validates and applies create/write values: columns, translations, x2many commands, stored computes. */
export class RecordWriter {
  constructor(private readonly env: Env, private readonly meta: ModelMeta) {}

  prepare(vals: unknown, mode: 'create' | 'write'): Prepared {
    if (!vals || typeof vals !== 'object' || Array.isArray(vals)) throw new ValidationError('Values must be an object');
    const prepared: Prepared = { columns: {}, translations: [], relations: [] };
    for (const [name, raw] of Object.entries(vals as Row)) {
      const f = this.meta.field(name);
      const value = f?.type === 'html' ? cleanHtml(raw) : raw;
      if (!f) throw new ValidationError(`Invalid field '${name}' on model '${this.meta.name}'`);
      const sudo = this.env.isSuperuser;
      if (name === 'id') throw new ValidationError(`Field 'id' cannot be written`);
      if ((f.readonly || AUDIT.has(name)) && !sudo) throw new ValidationError(`Field '${this.meta.name}.${name}' is read-only`);
      this.env.orm.access.checkField(this.env.user, f);
      if (f.compute) throw new ValidationError(`Field '${this.meta.name}.${name}' is computed and cannot be written`);
      if (f.required && mode === 'write' && (value === false || value === null || value === '')) {
        throw new ValidationError(requiredMessage(f));
      }
      if (f.type === 'one2many' || f.type === 'many2many') {
        prepared.relations.push([f, toCommands(f, value)]);
      } else if (f.translate && value !== false && value !== null) {
        if (typeof value !== 'string' && (typeof value !== 'object' || Array.isArray(value))) {
          throw new ValidationError(`Wrong value for ${this.meta.name}.${name}`);
        }
        if (typeof value === 'string' && f.size && value.length > f.size) throw new ValidationError(`${f.model}.${f.name} is limited to ${f.size} characters`);
        prepared.translations.push([f, value]);
      } else {
        prepared.columns[name] = toDb(f, value, this.env.dialect);
      }
    }
    return prepared;
  }

  /** Values for a new record: defaults filled in, required fields checked. */
  async withDefaults(vals: Row): Promise<Row> {
    const full: Row = { ...vals };
    for (const f of this.meta.fields.values()) {
      if (f.name in full || f.default === undefined) continue;
      full[f.name] = typeof f.default === 'function' ? await (f.default as (env: Env) => unknown)(this.env) : f.default;
    }
    for (const f of this.meta.fields.values()) {
      if (f.required && !f.compute) {
        const v = full[f.name];
        if (v === undefined || v === null || v === false || v === '') throw new ValidationError(requiredMessage(f));
      }
    }
    return full;
  }

  async insert(prepared: Prepared): Promise<number> {
    const row: Row = { ...prepared.columns };
    for (const [f, value] of prepared.translations) {
      const map = typeof value === 'string' ? { en_US: value, [this.env.lang]: value } : (value as Record<string, string>);
      row[f.name] = JSON.stringify(map);
    }
    if (this.meta.logAccess) {
      const now = nowUtc();
      row.create_uid ??= this.env.uid;
      row.write_uid ??= this.env.uid;
      row.create_date ??= now;
      row.write_date ??= now;
    }
    const [inserted] = await this.env.db(this.meta.table).insert(row).returning('id');
    const id = typeof inserted === 'object' ? (inserted as { id: number }).id : (inserted as number);
    await this.applyRelations([id], prepared.relations);
    return id;
  }

  async update(ids: number[], prepared: Prepared): Promise<void> {
    const row: Row = { ...prepared.columns };
    if (this.meta.logAccess) {
      row.write_uid = this.env.uid;
      row.write_date = nowUtc();
    }
    if (Object.keys(row).length) await this.env.db(this.meta.table).whereIn('id', ids).update(row);
    if (prepared.translations.length) {
      const current: Row[] = await this.env.db(this.meta.table).whereIn('id', ids).select(['id', ...prepared.translations.map(([f]) => f.name)]);
      for (const rec of current) {
        const update: Row = {};
        for (const [f, value] of prepared.translations) {
          const map = parseTranslations(rec[f.name]);
          if (typeof value === 'string') {
            map[this.env.lang] = value;
            map.en_US ??= value;
          } else Object.assign(map, value);
          update[f.name] = JSON.stringify(map);
        }
        await this.env.db(this.meta.table).where('id', rec.id as number).update(update);
      }
    }
    await this.applyRelations(ids, prepared.relations);
  }

  private async applyRelations(ids: number[], relations: Array<[Field, Command[]]>): Promise<void> {
    for (const [f, commands] of relations) {
      for (const id of ids) {
        for (const cmd of commands) {
          if (f.type === 'many2many') await this.applyMany2many(f, id, cmd);
          else await this.applyOne2many(f, id, cmd);
        }
      }
    }
  }

  private async applyMany2many(f: Field, id: number, [code, target, arg]: Command): Promise<void> {
    const rel = () => this.env.db(f.relation!);
    const co = this.env.model(f.comodel!);
    const link = async (tid: number) => {
      await this.ensureExists(f.comodel!, [tid]);
      const exists = await rel().where({ [f.column1!]: id, [f.column2!]: tid }).first();
      if (!exists) await rel().insert({ [f.column1!]: id, [f.column2!]: tid });
    };
    if (code === 0) await link((await co.create(arg as Row)) as number);
    else if (code === 1) await co.write([target!], arg as Row);
    else if (code === 2) await co.unlink([target!]);
    else if (code === 3) await rel().where({ [f.column1!]: id, [f.column2!]: target }).delete();
    else if (code === 4) await link(target!);
    else if (code === 5) await rel().where({ [f.column1!]: id }).delete();
    else if (code === 6) {
      await rel().where({ [f.column1!]: id }).delete();
      for (const tid of new Set(arg as number[])) await link(tid);
    }
  }

  private async applyOne2many(f: Field, id: number, [code, target, arg]: Command): Promise<void> {
    const co = this.env.model(f.comodel!);
    const inv = f.inverse!;
    if (code === 0) await co.create({ ...(arg as Row), [inv]: id });
    else if (code === 1) await co.write([target!], arg as Row);
    else if (code === 2) await co.unlink([target!]);
    else if (code === 3) await co.write([target!], { [inv]: false });
    else if (code === 4) await co.write([target!], { [inv]: id });
    else if (code === 5 || code === 6) {
      const current = await co.search([[inv, '=', id]]);
      const keep = new Set(code === 6 ? (arg as number[]) : []);
      const drop = current.filter((c) => !keep.has(c));
      if (drop.length) await co.write(drop, { [inv]: false });
      const add = [...keep].filter((k) => !current.includes(k));
      if (add.length) await co.write(add, { [inv]: id });
    }
  }

  private async ensureExists(model: string, ids: number[]): Promise<void> {
    const found = await this.env.db(this.env.registry.get(model)!.table).whereIn('id', ids).count({ n: '*' }).first();
    if (Number(found?.n) !== ids.length) throw new ValidationError(`Record does not exist: ${model} ${ids.join(',')}`);
  }

  /** Recomputes stored computed fields depending on `written` (all of them on create). */
  async recompute(ids: number[], written: string[] | 'all'): Promise<void> {
    const computed = [...this.meta.fields.values()].filter(
      (f) => f.compute && f.stored && (written === 'all' || (f.depends ?? []).some((d) => written.includes(d))),
    );
    if (!computed.length || !ids.length) return;
    const deps = [...new Set(computed.flatMap((f) => f.depends ?? []))];
    const records = await this.env.sudo().model(this.meta.name).read(ids, deps.length ? deps : ['id']);
    for (const rec of records) {
      const update: Row = {};
      for (const f of computed) update[f.name] = toDb(f, await f.compute!(rec, this.env), this.env.dialect);
      await this.env.db(this.meta.table).where('id', rec.id as number).update(update);
    }
  }
}

function cleanHtml(value: unknown): unknown {
  if (typeof value === 'string') return sanitizeFieldHtml(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([lang, v]) => [lang, typeof v === 'string' ? sanitizeFieldHtml(v) : v]));
  }
  return value;
}

function requiredMessage(f: Field): string {
  return `The field '${f.string ?? f.name}' (${f.model}.${f.name}) is required.`;
}

function toCommands(f: Field, value: unknown): Command[] {
  if (value === false || value === null) return [[5]];
  if (!Array.isArray(value)) throw new ValidationError(`Wrong value for ${f.model}.${f.name}: expected a list`);
  if (value.every((v) => typeof v === 'number')) return [[6, 0, value]];
  return value.map((cmd) => {
    if (!Array.isArray(cmd) || typeof cmd[0] !== 'number' || cmd[0] < 0 || cmd[0] > 6) {
      throw new ValidationError(`Wrong command for ${f.model}.${f.name}: ${JSON.stringify(cmd)}`);
    }
    const [code, id, arg] = cmd;
    if ([1, 2, 3, 4].includes(code) && !Number.isSafeInteger(id)) throw new ValidationError(`Wrong command for ${f.model}.${f.name}: ${JSON.stringify(cmd)}`);
    if (code === 6 && (!Array.isArray(arg) || !arg.every((x) => Number.isSafeInteger(x)))) throw new ValidationError(`Wrong command for ${f.model}.${f.name}`);
    if ((code === 0 || code === 1) && (typeof arg !== 'object' || arg === null)) throw new ValidationError(`Wrong command for ${f.model}.${f.name}`);
    return [code, id, arg] as Command;
  });
}

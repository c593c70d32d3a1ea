import type { Env } from './environment';
import type { Field } from './fields';
import type { ModelMeta } from './registry';
import { q, utcText } from './sql-values';

export type Row = Record<string, unknown>;

/** Turns raw table rows into the values the original platform's `read` returns, in batches. */
export class RecordReader {
  constructor(private readonly env: Env, private readonly meta: ModelMeta) {}

  /** Columns to select for these fields (computed fields bring their dependencies). */
  columnsFor(fieldList: Field[]): string[] {
    const cols = new Set<string>(['id']);
    for (const f of fieldList) {
      if (f.stored && f.type !== 'one2many' && f.type !== 'many2many') cols.add(f.name);
      for (const dep of f.compute && !f.stored ? f.depends ?? [] : []) {
        const d = this.meta.field(dep);
        if (d?.stored && d.type !== 'one2many' && d.type !== 'many2many') cols.add(dep);
      }
    }
    return [...cols];
  }

  async convert(rows: Row[], fieldList: Field[]): Promise<Row[]> {
    const out: Row[] = rows.map((r) => ({ id: r.id }));
    if (rows.length === 0) return out;
    const ids = rows.map((r) => r.id as number);
    for (const f of fieldList) {
      if (f.name === 'id') continue;
      if (f.compute && !f.stored) continue;
      if (f.type === 'many2one') await this.fillMany2one(rows, out, f);
      else if (f.type === 'one2many' || f.type === 'many2many') await this.fillToMany(ids, out, f);
      else {
        const convert = scalarReader(f, this.env.lang);
        for (let i = 0; i < rows.length; i++) out[i][f.name] = convert(rows[i][f.name]);
      }
    }
    for (const f of fieldList) {
      if (!f.compute || f.stored) continue;
      for (let i = 0; i < rows.length; i++) out[i][f.name] = await f.compute({ ...rows[i], ...out[i] }, this.env);
    }
    return out;
  }

  private async fillMany2one(rows: Row[], out: Row[], f: Field): Promise<void> {
    const targetIds = [...new Set(rows.map((r) => r[f.name]).filter((v): v is number => typeof v === 'number'))];
    // Display names of linked records are shown even when the reader cannot read the target model,
    // as the original platform does (name_get under sudo).
    const names = await displayNames(this.env.sudo(), f.comodel!, targetIds);
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i][f.name];
      out[i][f.name] = typeof id === 'number' ? [id, names.get(id) ?? ''] : false;
    }
  }

  private async fillToMany(ids: number[], out: Row[], f: Field): Promise<void> {
    const byId = new Map<number, number[]>(ids.map((id) => [id, []]));
    for (const chunk of chunks(ids, 500)) {
      const rows: Row[] = f.type === 'one2many'
        ? await this.env.db(this.env.registry.get(f.comodel!)!.table).whereIn(f.inverse!, chunk).select({ owner: f.inverse!, target: 'id' }).orderBy('id')
        : await this.env.db(f.relation!).whereIn(f.column1!, chunk).select({ owner: f.column1!, target: f.column2! }).orderBy(f.column2!);
      for (const r of rows) byId.get(r.owner as number)?.push(r.target as number);
    }
    for (const row of out) row[f.name] = byId.get(row.id as number) ?? [];
  }
}

/** id -> display name for records of `model` (empty map for no ids). */
export async function displayNames(env: Env, model: string, ids: number[]): Promise<Map<number, string>> {
  const meta = env.registry.get(model)!;
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  if (!meta.recName) {
    for (const id of ids) names.set(id, `${model},${id}`);
    return names;
  }
  const field = meta.field(meta.recName)!;
  const convert = scalarReader(field, env.lang);
  for (const chunk of chunks(ids, 500)) {
    const rows: Row[] = await env.db(meta.table).whereIn('id', chunk).select('id', field.name);
    for (const r of rows) {
      const v = field.type === 'many2one' ? r[field.name] : convert(r[field.name]);
      names.set(r.id as number, v === false || v === null ? '' : String(v));
    }
  }
  return names;
}

/** Converts a raw column value to what `read` returns for that field type. */
export function scalarReader(f: Field, lang: string): (v: unknown) => unknown {
  switch (f.type) {
    case 'boolean':
      return (v) => v === true || v === 1;
    case 'integer':
      return (v) => (v === null || v === undefined ? (f.name === 'id' ? false : 0) : Number(v));
    case 'float':
    case 'monetary':
      return (v) => (v === null || v === undefined ? 0 : Number(v));
    case 'datetime':
      return (v) => (v === null || v === undefined ? false : formatDatetime(v));
    case 'date':
      return (v) => (v === null || v === undefined ? false : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
    case 'json':
      return (v) => (v === null || v === undefined ? false : typeof v === 'string' ? JSON.parse(v) : v);
    default:
      if (f.translate) return (v) => pickTranslation(v, lang);
      return (v) => (v === null || v === undefined ? false : v);
  }
}

function formatDatetime(v: unknown): string {
  if (v instanceof Date) return utcText(v);
  return String(v).replace('T', ' ').slice(0, 19);
}

/** A translated column holds `{"en_US": "...", "fr_FR": "..."}`; read the caller's language, else English. */
export function pickTranslation(v: unknown, lang: string): unknown {
  if (v === null || v === undefined) return false;
  const map = parseTranslations(v);
  const value = map[lang] ?? map.en_US ?? Object.values(map)[0];
  return value === undefined || value === null ? false : value;
}

export function parseTranslations(v: unknown): Record<string, string> {
  if (v === null || v === undefined) return {};
  if (typeof v === 'object') return v as Record<string, string>;
  try {
    const parsed = JSON.parse(String(v));
    return parsed && typeof parsed === 'object' ? parsed : { en_US: String(v) };
  } catch {
    return { en_US: String(v) };
  }
}

export function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export { q };

import { rpc } from '../../client/rpc';
import type { Domain } from '@platform/core/domain-types';
import type { FieldDescription } from '@platform/orm/model';

/** A model method under the caller's rights (`/web/dataset/call_kw`). */
export function callKw<T = unknown>(model: string, method: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}): Promise<T> {
  return rpc<T>(`/web/dataset/call_kw/${model}/${method}`, { model, method, args, kwargs });
}

/** What `fields_get` says of a field (a type only: the ORM's code does not reach the bundle). */
export type FieldInfo = FieldDescription;
export type Fields = Record<string, FieldInfo>;

const fieldsCache = new Map<string, Promise<Fields>>();

/** A model's fields as the caller may see them, fetched once per page. */
export function fieldsOf(model: string): Promise<Fields> {
  let fields = fieldsCache.get(model);
  if (!fields) {
    fields = callKw<Fields>(model, 'fields_get', []);
    fields.catch(() => fieldsCache.delete(model));
    fieldsCache.set(model, fields);
  }
  return fields;
}

export const AUDIT_FIELDS = new Set(['id', 'create_uid', 'create_date', 'write_uid', 'write_date']);
const LIST_TYPES = new Set(['char', 'integer', 'float', 'monetary', 'boolean', 'date', 'datetime', 'selection', 'many2one']);

/** Columns of a list without a view: the name first, then a few short fields. */
export function defaultColumns(fields: Fields): string[] {
  const names = Object.keys(fields).filter((n) => !AUDIT_FIELDS.has(n) && LIST_TYPES.has(fields[n].type) && fields[n].store);
  const first = ['name', 'display_name', 'login'].filter((n) => names.includes(n));
  return [...first, ...names.filter((n) => !first.includes(n))].slice(0, 6);
}

/** The field a text search looks in. */
export function nameField(fields: Fields): string | undefined {
  return ['name', 'login', 'display_name'].find((n) => fields[n] && fields[n].store) ?? Object.keys(fields).find((n) => fields[n].type === 'char' && fields[n].store);
}

export function parseDomainText(text: string | undefined): Domain {
  if (!text) return [];
  try {
    const d = JSON.parse(text) as unknown;
    return Array.isArray(d) ? (d as Domain) : [];
  } catch {
    return [];
  }
}

/** Field labels and selection values in the user's language (the modules' i18n files hold them). */
export function translateFields(fields: Fields, _t: (s: string) => string): Fields {
  return Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, {
    ...f, string: _t(f.string), selection: f.selection?.map(([k, l]) => [k, _t(l)] as [string, string]),
  }]));
}

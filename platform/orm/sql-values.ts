import type { Dialect } from '@platform/db/connection';
import type { Field } from './fields';
import { ValidationError } from '@platform/core/errors';
import { utcText } from '@platform/common/utc-text';

// The stored timestamp form is shared with the browser (platform/common); the ORM's callers find it here too.
export { utcText };

const LANG_RE = /^[a-z]{2,3}(_[A-Z]{2})?(@[a-z]+)?$/;

/** Quotes a validated identifier (field and table names are checked by the registry). */
export function q(identifier: string): string {
  return `"${identifier}"`;
}

/** SQL expression reading a field's column, resolving translations for `lang`. */
export function columnExpr(field: Field, alias: string, dialect: Dialect, lang: string): string {
  const col = `${q(alias)}.${q(field.name)}`;
  if (!field.translate) return col;
  if (!LANG_RE.test(lang)) throw new ValidationError(`Invalid language '${lang}'`);
  if (dialect === 'postgres') return `COALESCE((${col}::jsonb)->>'${lang}', (${col}::jsonb)->>'en_US')`;
  return `COALESCE(json_extract(${col}, '$.${lang}'), json_extract(${col}, '$.en_US'))`;
}

/** Converts a value given by a caller into what the database column takes, checking its type. */
export function toDb(field: Field, value: unknown, dialect: Dialect): unknown {
  if (value === false || value === null || value === undefined) {
    if (field.type === 'boolean') return dialect === 'sqlite' ? 0 : false;
    return null;
  }
  const bad = (): never => {
    throw new ValidationError(`Wrong value for ${field.model}.${field.name}: ${JSON.stringify(value).slice(0, 80)}`);
  };
  switch (field.type) {
    case 'boolean':
      if (typeof value !== 'boolean' && value !== 0 && value !== 1) bad();
      return dialect === 'sqlite' ? (value ? 1 : 0) : Boolean(value);
    case 'integer':
    case 'many2one': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) bad();
      return n;
    }
    case 'float':
    case 'monetary': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) bad();
      return n;
    }
    case 'date':
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || isNaN(Date.parse(value))) bad();
      return value;
    case 'datetime':
      return normalizeDatetime(value) ?? bad();
    case 'json':
      return JSON.stringify(value);
    case 'selection':
      if (typeof value !== 'string') bad();
      if (field.selection && !field.selection.some(([k]) => k === value)) {
        throw new ValidationError(`Wrong value for ${field.model}.${field.name}: '${String(value)}' is not one of ${field.selection.map(([k]) => k).join(', ')}`);
      }
      return value;
    case 'char':
    case 'text':
    case 'html':
    case 'binary':
    case 'image':
      if (typeof value !== 'string') {
        if (typeof value === 'number' && field.type !== 'binary' && field.type !== 'image') return String(value);
        bad();
      }
      if (field.size && (value as string).length > field.size) {
        throw new ValidationError(`${field.model}.${field.name} is limited to ${field.size} characters`);
      }
      return value;
    default:
      return bad();
  }
}

/** Accepts `YYYY-MM-DD HH:MM:SS`, ISO strings and Dates; returns the stored UTC form. */
export function normalizeDatetime(value: unknown): string | undefined {
  if (value instanceof Date) return isNaN(value.getTime()) ? undefined : utcText(value);
  if (typeof value !== 'string') return undefined;
  if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) {
    const d = new Date(value.replace(' ', 'T') + 'Z');
    return isNaN(d.getTime()) ? undefined : utcText(d);
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) return normalizeDatetime(new Date(value));
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value} 00:00:00`;
  return undefined;
}

export function nowUtc(): string {
  return utcText(new Date());
}


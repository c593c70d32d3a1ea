import { ValidationError } from '@platform/core/errors';
import type { Dialect } from '@platform/db/connection';
import type { ModelMeta } from './registry';
import { columnExpr } from './sql-values';

/** Parses an order spec (`name asc, id desc`) against the model's stored fields into SQL. */
export function orderSql(meta: ModelMeta, order: string | undefined, alias: string, dialect: Dialect, lang: string): string {
  const spec = (order && order.trim()) || meta.order;
  const parts = spec.split(',').map((p) => p.trim()).filter(Boolean);
  const sql: string[] = [];
  for (const part of parts) {
    const m = /^([a-z_][a-z0-9_]*)(\s+(asc|desc))?(\s+nulls\s+(first|last))?$/i.exec(part);
    if (!m) throw new ValidationError(`Invalid order '${part}'`);
    const field = meta.field(m[1]);
    if (!field || !field.stored || field.type === 'one2many' || field.type === 'many2many') {
      throw new ValidationError(`Cannot order '${meta.name}' by '${m[1]}'`);
    }
    const dir = (m[3] ?? 'asc').toUpperCase();
    const nulls = m[5] ? ` NULLS ${m[5].toUpperCase()}` : '';
    sql.push(`${columnExpr(field, alias, dialect, lang)} ${dir}${nulls}`);
  }
  if (!parts.some((p) => /^id\b/i.test(p))) sql.push(`"${alias}"."id" ASC`);
  return sql.join(', ');
}

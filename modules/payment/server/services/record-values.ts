import type { Row } from '@platform/orm';

/** The id of a many2one value as `read` gives it (`[id, name]` or false). */
export function m2oId(value: unknown): number | null {
  if (Array.isArray(value)) return Number(value[0]);
  return typeof value === 'number' ? value : null;
}

export function text(row: Row, field: string): string {
  const v = row[field];
  return typeof v === 'string' ? v : '';
}

/** `amount` rounded to `decimals` (half away from zero, as amounts are shown). */
export function roundAmount(amount: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.sign(amount) * Math.round(Math.abs(amount) * f + Number.EPSILON) / f;
}

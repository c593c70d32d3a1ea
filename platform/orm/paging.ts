import { ValidationError } from '@platform/core/errors';

/**
 * A `limit` or `offset` as callers send it (absent, null and false mean "none"), checked: anything else
 * than a non-negative integer is the caller's mistake, not a database error.
 */
export function pagingValue(name: 'limit' | 'offset', value: unknown): number | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  if (!Number.isInteger(value) || (value as number) < 0) throw new ValidationError(`${name} must be a non-negative integer`);
  return value as number;
}

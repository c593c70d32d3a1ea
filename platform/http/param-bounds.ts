import type { SchemaDescription, SchemaFieldDescription, SchemaInnerTypeDescription, SchemaObjectDescription } from 'yup';

/**
 * Where a route's parameter schema lets a client send an arbitrarily large value, as `path: reason`.
 * Validating and handling a million-item array or a megabyte string costs seconds, so every string
 * and array needs a maximum (`max()` or `length()`, or `oneOf()` values). A value the schema cannot
 * bound by itself (a `mixed()` with a custom test, an object of anything, array elements of any type)
 * passes only with `meta({ bounded: 'why it is bounded anyway' })`: the reason is then in the code.
 */
export function unboundedRouteParams(schema: { describe(): SchemaFieldDescription }): string[] {
  // The dispatcher refuses unknown top-level keys, so `object({})` there means "no parameters".
  const top = schema.describe() as SchemaObjectDescription;
  return Object.entries(top.fields ?? {}).flatMap(([name, field]) => unboundedParams(field, `params.${name}`));
}

/** The problems of one schema (see unboundedRouteParams); `meta({ bounded })` vouches for a value. */
export function unboundedParams(description: SchemaFieldDescription, path = 'params'): string[] {
  const d = description as SchemaDescription & Partial<SchemaInnerTypeDescription & SchemaObjectDescription>;
  if (typeof d.meta?.bounded === 'string' && d.meta.bounded) return [];
  const hasMax = (d.tests ?? []).some((t) => t.name === 'max' || t.name === 'length') || (d.oneOf ?? []).length > 0;
  switch (d.type) {
    case 'string':
      return hasMax ? [] : [`${path}: a string without max()`];
    case 'array': {
      const own = hasMax ? [] : [`${path}: an array without max()`];
      const inner = d.innerType && !Array.isArray(d.innerType) ? unboundedParams(d.innerType, `${path}[]`) : [`${path}[]: elements of any type`];
      return [...own, ...inner];
    }
    case 'object': {
      const fields = Object.entries(d.fields ?? {});
      if (fields.length === 0) return [`${path}: an object of anything`];
      return fields.flatMap(([name, field]) => unboundedParams(field, `${path}.${name}`));
    }
    case 'mixed':
    case 'tuple':
    case 'lazy':
      return hasMax ? [] : [`${path}: a ${d.type} value without a bound`];
    default:
      return []; // numbers, booleans, dates: fixed size
  }
}

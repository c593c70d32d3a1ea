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

/**
 * Deepest nesting of arrays and objects in a request's parameters. Real values stay under 10 (a
 * domain leaf in `args` is 4 deep, one2many commands with many2many ones inside about 8); a body of
 * thousands of nested arrays overflowed the stack of whatever walked it next (validation, domain
 * parsing) and answered an InternalError.
 */
export const MAX_PARAM_DEPTH = 32;

/**
 * Why a decoded request value (JSON body, form fields, query, path parameters) cannot be taken, or null:
 * a NUL character in a string or a key (PostgreSQL refuses it in text, so it failed deep in a query
 * with an error log, and SQLite would store it), or nesting past MAX_PARAM_DEPTH. Checked for every
 * route before its schema, iteratively, so that no depth can overflow this walk either.
 */
export function paramValueProblem(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? NUL : null;
  const stack: Array<[value: object, depth: number]> = typeof value === 'object' && value !== null ? [[value, 0]] : [];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth >= MAX_PARAM_DEPTH) return `The request is nested too deeply (more than ${MAX_PARAM_DEPTH} levels of lists and objects).`;
    // Strings are checked where they are met: only lists and objects go on the stack.
    for (const [key, item] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
      if (typeof key === 'string' && key.includes('\u0000')) return NUL;
      if (typeof item === 'string') {
        if (item.includes('\u0000')) return NUL;
      } else if (typeof item === 'object' && item !== null) stack.push([item, depth + 1]);
    }
  }
  return null;
}

const NUL = 'The request contains a NUL character, which no value may hold.';

import { ValidationError } from '@platform/core/errors';
import type { Env } from './environment';
import type { Domain } from '@platform/core/domain-types';

type Args = unknown[];
type Kwargs = Record<string, unknown>;

/** Positional parameter names of each public method, in the original platform's order. */
const SIGNATURES: Record<string, string[]> = {
  search_read: ['domain', 'fields', 'offset', 'limit', 'order'],
  search: ['domain', 'offset', 'limit', 'order', 'count'],
  search_count: ['domain'],
  read: ['ids', 'fields'],
  read_group: ['domain', 'fields', 'groupby', 'offset', 'limit', 'orderby', 'lazy'],
  create: ['vals'],
  write: ['ids', 'vals'],
  unlink: ['ids'],
  name_search: ['name', 'args', 'operator', 'limit'],
  name_create: ['name'],
  default_get: ['fields_list'],
  fields_get: ['allfields', 'attributes'],
  copy: ['id', 'default'],
};


/**
 * The named arguments of a call to a public method: positional `args` by the method's signature, then
 * `kwargs` (each name once); `context` apart. Anything else, including private helpers of the Model
 * class, is refused.
 */
export function callKwArguments(method: string, args: Args, kwargs: Kwargs): { named: Kwargs; context: Kwargs } {
  // Own keys only: `constructor`, `toString`, `__proto__`... must not reach the dispatch below.
  const signature = Object.hasOwn(SIGNATURES, method) ? SIGNATURES[method] : undefined;
  if (!signature) throw new ValidationError(`Method '${method}' does not exist or is not callable`);
  if (!Array.isArray(args)) throw new ValidationError('args must be a list');
  if (!kwargs || typeof kwargs !== 'object' || Array.isArray(kwargs)) throw new ValidationError('kwargs must be an object');
  if (args.length > signature.length) throw new ValidationError(`${method}() takes at most ${signature.length} arguments`);
  const named: Kwargs = {};
  signature.forEach((name, i) => {
    if (i < args.length) named[name] = args[i];
  });
  let context: Kwargs = {};
  for (const [key, value] of Object.entries(kwargs)) {
    if (key === 'context') {
      context = value && typeof value === 'object' ? (value as Kwargs) : {};
      continue;
    }
    if (!signature.includes(key)) throw new ValidationError(`${method}() got an unexpected keyword argument '${key}'`);
    if (key in named) throw new ValidationError(`${method}() got multiple values for argument '${key}'`);
    named[key] = value;
  }
  return { named, context };
}

/** `/web/dataset/call_kw`: one of the public model methods, with the caller's (args, kwargs). */
export async function callKw(env: Env, model: string, method: string, args: Args = [], kwargs: Kwargs = {}): Promise<unknown> {
  if (!Object.hasOwn(SIGNATURES, method)) throw new ValidationError(`Method '${method}' does not exist or is not callable on '${model}'`);
  const { named: p, context } = callKwArguments(method, args, kwargs);
  const lang = typeof context.lang === 'string' && /^[a-z]{2,3}(_[A-Z]{2})?$/.test(context.lang) ? context.lang : env.lang;
  const m = (lang === env.lang ? env : env.withLang(lang)).model(model);
  const domain = (p.domain ?? []) as Domain;
  const num = (v: unknown, name: string): number | undefined => {
    if (v === undefined || v === null || v === false) return undefined;
    if (!Number.isInteger(v)) throw new ValidationError(`${name} must be an integer`);
    return v as number;
  };
  const str = (v: unknown, name: string): string | undefined => {
    if (v === undefined || v === null || v === false) return undefined;
    if (typeof v !== 'string') throw new ValidationError(`${name} must be a string`);
    return v;
  };
  const fields = (v: unknown): string[] | undefined => {
    if (v === undefined || v === null || v === false) return undefined;
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new ValidationError('fields must be a list of field names');
    return v;
  };
  const ids = (v: unknown): number[] => (typeof v === 'number' ? [v] : (v as number[]));

  switch (method) {
    case 'search_read':
      return m.search_read(domain, fields(p.fields), { offset: num(p.offset, 'offset'), limit: num(p.limit, 'limit'), order: str(p.order, 'order') });
    case 'search':
      if (p.count) return m.search_count(domain);
      return m.search(domain, { offset: num(p.offset, 'offset'), limit: num(p.limit, 'limit'), order: str(p.order, 'order') });
    case 'search_count':
      return m.search_count(domain);
    case 'read':
      return m.read(ids(p.ids), fields(p.fields));
    case 'read_group':
      if (p.groupby === undefined) throw new ValidationError('read_group() needs groupby');
      return m.read_group(domain, fields(p.fields) ?? [], p.groupby as string | string[], {
        offset: num(p.offset, 'offset'), limit: num(p.limit, 'limit'), orderby: str(p.orderby, 'orderby'), lazy: p.lazy === undefined ? true : Boolean(p.lazy),
      });
    case 'create':
      return m.create(p.vals as never);
    case 'write':
      return m.write(ids(p.ids), p.vals as Record<string, unknown>);
    case 'unlink':
      return m.unlink(ids(p.ids));
    case 'name_search':
      return m.name_search(str(p.name, 'name') ?? '', (p.args ?? []) as Domain, str(p.operator, 'operator') ?? 'ilike', num(p.limit, 'limit') ?? 100);
    case 'name_create':
      return m.name_create(p.name as string);
    case 'default_get':
      return m.default_get(fields(p.fields_list) ?? []);
    case 'fields_get':
      return m.fields_get(fields(p.allfields), fields(p.attributes));
    case 'copy': {
      const id = Array.isArray(p.id) && p.id.length === 1 ? p.id[0] : p.id;
      if (!Number.isSafeInteger(id) || (id as number) <= 0) throw new ValidationError('copy() takes the id of one record');
      const defaults = p.default ?? {};
      if (typeof defaults !== 'object' || Array.isArray(defaults)) throw new ValidationError('default must be an object of field values');
      return m.copy(id as number, defaults as Record<string, unknown>);
    }
  }
  throw new ValidationError(`Method '${method}' is not callable`);
}

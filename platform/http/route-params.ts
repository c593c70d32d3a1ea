import type { AnyObject, ObjectSchema } from 'yup';
import { ValidationError as YupValidationError } from 'yup';
import { InvalidFields } from '@platform/core/errors';

/**
 * A route's params checked by its yup schema. JSON-RPC params are typed values: checked strictly,
 * unknown keys refused. Form and query values are strings: cast by the schema (`'12'` -> 12, `'on'`
 * -> true), unknown keys (submit buttons, the CSRF token) dropped. Either way a value the schema
 * refuses is an error naming its field, never a silent cut.
 */
export async function checkParams(schema: ObjectSchema<AnyObject>, params: Record<string, unknown>, kind: 'json' | 'form' | 'query'): Promise<Record<string, unknown>> {
  params = withoutInheritedNames(schema, params, kind);
  try {
    if (kind === 'json') {
      return await refusingUnknown(schema, 'json').validate(params, { strict: true, abortEarly: true, stripUnknown: false });
    }
    // Every field's message at once: a form shows them all under their fields. A form posts what its
    // page declares; a query string may carry what others added (utm_source, fbclid): dropped.
    const checked = kind === 'form' ? refusingUnknown(schema, 'form') : schema;
    return await checked.validate(params, { strict: false, abortEarly: false, stripUnknown: kind === 'query' });
  } catch (err) {
    if (err instanceof YupValidationError) throw new InvalidFields(fieldMessages(err));
    throw err;
  }
}

/**
 * The route's schema refusing unknown keys, made once per schema: yup's `noUnknown` copies the whole
 * schema, and a schema never changes (each of yup's methods answers a new one), so the copy made for a
 * route's first request is the one every later request would make.
 */
const refusing = { json: new WeakMap<ObjectSchema<AnyObject>, ObjectSchema<AnyObject>>(), form: new WeakMap<ObjectSchema<AnyObject>, ObjectSchema<AnyObject>>() };
const UNKNOWN_MESSAGES = { json: 'Unknown parameter(s): ${unknown}', form: 'Unknown field(s): ${unknown}' };

function refusingUnknown(schema: ObjectSchema<AnyObject>, kind: 'json' | 'form'): ObjectSchema<AnyObject> {
  let strict = refusing[kind].get(schema);
  if (!strict) refusing[kind].set(schema, (strict = schema.noUnknown(true, UNKNOWN_MESSAGES[kind])));
  return strict;
}

/**
 * yup looks a key up in the schema's fields with `fields[key]`, so a key named like an Object
 * prototype member (`constructor`, `toString`, `__proto__`) finds that member and yup throws a
 * TypeError (a 500). Such a key is never a field: refused like any unknown key (dropped from a query).
 */
function withoutInheritedNames(schema: ObjectSchema<AnyObject>, params: Record<string, unknown>, kind: 'json' | 'form' | 'query'): Record<string, unknown> {
  const inherited = Object.keys(params).filter((key) => !Object.hasOwn(schema.fields, key) && key in schema.fields);
  if (inherited.length === 0) return params;
  if (kind !== 'query') throw new InvalidFields({ '': `${kind === 'json' ? 'Unknown parameter(s)' : 'Unknown field(s)'}: ${inherited.join(', ')}` });
  return Object.fromEntries(Object.entries(params).filter(([key]) => !inherited.includes(key)));
}

/** The first message of each field (`tags[2]` counts as `tags`); an object-level error under ''. */
function fieldMessages(err: YupValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  const inner = err.inner.length ? err.inner : [err];
  for (const e of inner) {
    const field = (e.path ?? '').replace(/\[\d+\].*$/, '').replace(/\..*$/, '');
    fields[field] ??= e.message;
  }
  return fields;
}

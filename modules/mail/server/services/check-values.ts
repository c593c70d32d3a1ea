import { type AnyObject, type ObjectSchema, ValidationError as YupValidationError } from 'yup';
import { InvalidFields } from '@platform/core';

/**
 * Values checked as the screen checks them (trimmed, every field's message at once, unknown keys
 * refused); a refusal is InvalidFields, which the JSON-RPC answer carries as `data.fields`.
 */
export async function checkValues<T extends AnyObject>(schema: ObjectSchema<T>, input: unknown): Promise<T> {
  try {
    return await schema.noUnknown(true, 'Unknown parameter(s): ${unknown}').validate(input, { abortEarly: false }) as T;
  } catch (err) {
    if (!(err instanceof YupValidationError)) throw err;
    const fields: Record<string, string> = {};
    for (const e of err.inner.length ? err.inner : [err]) fields[e.path || 'common'] ??= e.message;
    throw new InvalidFields(fields);
  }
}

import { ValidationError } from '@platform/core';
import { defineModel, fields, type ModelConstraint, type ModelDefinition } from '@platform/orm';

/**
 * One name per value, compared case-insensitively (spec section 5): "Newsletter" and "newsletter" are
 * the same campaign.
 */
function uniqueNameIgnoringCase(table: string, label: string): ModelConstraint {
  return async (env, ids) => {
    const rows: Array<{ id: number; name: string }> = await env.db(table).whereIn('id', ids).select('id', 'name');
    for (const row of rows) {
      if (!row.name.trim()) throw new ValidationError(`The ${label} name cannot be empty`);
      const twin = await env.db(table).whereRaw('lower(name) = lower(?)', [row.name]).whereNot('id', row.id).first('id');
      if (twin) throw new ValidationError(`A ${label} named '${row.name}' already exists`);
    }
  };
}

/** utm.campaign, utm.medium and utm.source share their shape: an id and a name. */
export function utmModel(name: string, description: string, label: string): ModelDefinition {
  return defineModel({
    name,
    description,
    order: 'name',
    fields: { name: fields.char({ required: true, size: 256 }) },
    constraints: [uniqueNameIgnoringCase(name.replace(/\./g, '_'), label)],
    // The unique index on lower(name) usually answers before the constraint does.
    duplicateMessage: (vals) => (typeof vals.name === 'string' ? `A ${label} named '${vals.name}' already exists` : `A ${label} with this name already exists`),
  });
}

import type { FieldDefinition } from './fields';

/**
 * A model as a module declares it. `name` creates a model; `inherit` adds fields to a model another
 * module created (the extending module owns the migration that adds those columns).
 */
export interface ModelDefinition {
  name?: string;
  inherit?: string;
  description?: string;
  /** Table name; defaults to the model name with dots replaced by underscores. */
  table?: string;
  fields: Record<string, FieldDefinition>;
  /** Default order, e.g. `sequence, name`. */
  order?: string;
  /** Field used as display name. */
  recName?: string;
  /** Adds create_uid/create_date/write_uid/write_date (default true). */
  logAccess?: boolean;
}

export function defineModel(def: ModelDefinition & { name: string }): ModelDefinition {
  return def;
}

export function extendModel(inherit: string, fields: Record<string, FieldDefinition>): ModelDefinition {
  return { inherit, fields };
}

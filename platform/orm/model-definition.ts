import type { Env } from './environment';
import type { FieldDefinition } from './fields';

/**
 * Checked after every create and write, inside the call's transaction (like the original platform's
 * `@api.constrains`): throw a UserError to refuse the values; nothing of the call is then written.
 */
export type ModelConstraint = (env: Env, ids: number[]) => Promise<void>;

/**
 * Runs inside a write's transaction before its values are stored, once access rights and record rules
 * allowed it (like overriding `write` in the original platform): it may read the values about to be
 * replaced (e.g. to log a change), or refuse the write with a UserError, and then nothing is written.
 */
export type WriteHook = (env: Env, ids: number[], vals: Record<string, unknown>) => Promise<void>;
/** Runs inside the delete's transaction, before the rows go; throwing (a ValidationError, say) refuses the delete. */
export type UnlinkHook = (env: Env, ids: number[]) => Promise<void>;

/**
 * A table of pre-counted groups of a model's records (e.g. clicks per link, day and country), kept by
 * the module that writes the records. `read_group` answers from it instead of counting the records
 * when it can give the same answer: the domain (with the caller's record rules) and the groupbys use
 * only `fields` (held in the rollup under the same column names; a datetime field at `day` precision,
 * so its conditions must be `>=` / `<` a day's start), and nothing but counts is asked.
 */
export interface GroupRollup {
  table: string;
  /** The column holding how many records the row stands for. */
  countColumn: string;
  /** The model fields the rollup keeps (many2one ids, and datetimes truncated to the day's start). */
  fields: string[];
}

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
  /** Rules the stored values must follow, run after create and write. */
  constraints?: ModelConstraint[];
  /** Called before each write (see WriteHook); a module extending a model may add its own. */
  beforeWrite?: WriteHook[];
  /** Called before each delete (see UnlinkHook): records that must not go can refuse it. */
  beforeUnlink?: UnlinkHook[];
  /** See GroupRollup: `read_group` counts from it when it gives the same answer. */
  rollup?: GroupRollup;
  /** The message when a unique index refuses a create or write of these values (default: a generic one). */
  duplicateMessage?: (vals: Record<string, unknown>) => string;
  /**
   * Records are shown on the site once their `website_published` field is set, and publishers may flip
   * it (`/website/publish`). A boolean field of that name alone is not enough: a model must say so,
   * so a flag kept for other reasons (e.g. on chat lines) is never a publish switch.
   */
  publishable?: boolean;
}

export function defineModel(def: ModelDefinition & { name: string }): ModelDefinition {
  return def;
}

export function extendModel(inherit: string, fields: Record<string, FieldDefinition>, extra: Pick<ModelDefinition, 'constraints' | 'beforeWrite' | 'beforeUnlink'> = {}): ModelDefinition {
  return { inherit, fields, ...extra };
}

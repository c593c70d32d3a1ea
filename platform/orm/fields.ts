import type { Env } from './environment';

export type FieldType =
  | 'char' | 'text' | 'html' | 'integer' | 'float' | 'monetary' | 'boolean' | 'date' | 'datetime'
  | 'selection' | 'many2one' | 'one2many' | 'many2many' | 'binary' | 'image' | 'json';

export type ComputeFn = (record: Record<string, unknown>, env: Env) => unknown | Promise<unknown>;

export interface FieldDefinition {
  type: FieldType;
  string?: string;
  required?: boolean;
  /** Not writable through public calls (sudo code may still write it). */
  readonly?: boolean;
  default?: unknown | ((env: Env) => unknown);
  /** One value per language, stored as a JSON object keyed by language code. */
  translate?: boolean;
  selection?: ReadonlyArray<readonly [string, string]>;
  /** Target model of many2one / one2many / many2many. */
  comodel?: string;
  /** one2many: the many2one on the comodel pointing back. */
  inverse?: string;
  /** many2many: relation table and its two columns (this side, other side). */
  relation?: string;
  column1?: string;
  column2?: string;
  /** Computed from other fields of the record. */
  compute?: ComputeFn;
  depends?: string[];
  /** A computed field is stored when true (recomputed when a dependency is written). */
  store?: boolean;
  /** Character size limit for char fields. */
  size?: number;
  /**
   * Only members of one of these groups (and administrators) read or write the field: reading every
   * field leaves it out for the others, naming it is an AccessError. For a field that would give away
   * more than its record (e.g. the ids of private records it links to).
   */
  groups?: string[];
  /**
   * Image fields: when this record has no image, the same field of the record this many2one names is
   * shown instead (a product variant without its own picture shows its product's).
   */
  fallback?: string;
}

/** A field once registered: its name, owning model and module are known. */
export interface Field extends FieldDefinition {
  name: string;
  model: string;
  /** Module that declared it (named in schema errors). */
  module: string;
  /** True when the value lives in a column of the model's table. */
  stored: boolean;
}

type Opts = Omit<FieldDefinition, 'type' | 'comodel' | 'selection' | 'inverse'>;

/** Field builders, named as the original platform's field classes. */
export const fields = {
  char: (o: Opts = {}): FieldDefinition => ({ type: 'char', ...o }),
  text: (o: Opts = {}): FieldDefinition => ({ type: 'text', ...o }),
  html: (o: Opts = {}): FieldDefinition => ({ type: 'html', ...o }),
  integer: (o: Opts = {}): FieldDefinition => ({ type: 'integer', ...o }),
  float: (o: Opts = {}): FieldDefinition => ({ type: 'float', ...o }),
  monetary: (o: Opts = {}): FieldDefinition => ({ type: 'monetary', ...o }),
  boolean: (o: Opts = {}): FieldDefinition => ({ type: 'boolean', ...o }),
  date: (o: Opts = {}): FieldDefinition => ({ type: 'date', ...o }),
  datetime: (o: Opts = {}): FieldDefinition => ({ type: 'datetime', ...o }),
  json: (o: Opts = {}): FieldDefinition => ({ type: 'json', ...o }),
  binary: (o: Opts = {}): FieldDefinition => ({ type: 'binary', ...o }),
  image: (o: Opts = {}): FieldDefinition => ({ type: 'image', ...o }),
  selection: (selection: ReadonlyArray<readonly [string, string]>, o: Opts = {}): FieldDefinition => ({ type: 'selection', selection, ...o }),
  many2one: (comodel: string, o: Opts & { ondelete?: 'cascade' | 'set null' | 'restrict' } = {}): FieldDefinition => ({ type: 'many2one', comodel, ...o }),
  one2many: (comodel: string, inverse: string, o: Opts = {}): FieldDefinition => ({ type: 'one2many', comodel, inverse, ...o }),
  many2many: (comodel: string, o: Opts = {}): FieldDefinition => ({ type: 'many2many', comodel, ...o }),
};

export const NUMERIC: ReadonlySet<FieldType> = new Set(['integer', 'float', 'monetary']);

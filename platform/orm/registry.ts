import { ModuleLoadError } from '@platform/core/errors';
import type { Field, FieldDefinition } from './fields';
import type { GroupRollup, ModelConstraint, ModelDefinition, UnlinkHook, WriteHook } from './model-definition';

/** A model with all fields its modules gave it. */
export class ModelMeta {
  readonly fields = new Map<string, Field>();
  order = 'id';
  recName?: string;
  logAccess = true;
  description?: string;
  readonly constraints: ModelConstraint[] = [];
  readonly beforeWrite: WriteHook[] = [];
  readonly beforeUnlink: UnlinkHook[] = [];
  /** See ModelDefinition.rollup. */
  rollup?: GroupRollup;
  duplicateMessage?: (vals: Record<string, unknown>) => string;
  /** See ModelDefinition.publishable. */
  publishable = false;
  constructor(readonly name: string, readonly table: string, readonly module: string) {}

  field(name: string): Field | undefined {
    return this.fields.get(name);
  }
  /** Stored fields that live in the table itself (not relation tables). */
  columnFields(): Field[] {
    return [...this.fields.values()].filter((f) => f.stored && f.type !== 'one2many' && f.type !== 'many2many');
  }
}

const MAGIC: Record<string, FieldDefinition> = {
  id: { type: 'integer', readonly: true, string: 'ID' },
};
const LOG_ACCESS: Record<string, FieldDefinition> = {
  create_uid: { type: 'many2one', comodel: 'res.users', readonly: true, string: 'Created by' },
  create_date: { type: 'datetime', readonly: true, string: 'Created on' },
  write_uid: { type: 'many2one', comodel: 'res.users', readonly: true, string: 'Last Updated by' },
  write_date: { type: 'datetime', readonly: true, string: 'Last Updated on' },
};

export function tableOf(modelName: string): string {
  return modelName.replace(/\./g, '_');
}

/**
 * All models of the loaded modules. Built once at boot, in module dependency order, so an extension
 * always finds the model it extends. Two modules defining one model or one field stop the boot.
 */
export class ModelRegistry {
  private readonly models = new Map<string, ModelMeta>();

  add(moduleName: string, def: ModelDefinition): void {
    if (def.name && def.inherit && def.name !== def.inherit) {
      throw new ModuleLoadError(moduleName, `model '${def.name}' cannot inherit another model ('${def.inherit}')`);
    }
    if (def.inherit) {
      const meta = this.models.get(def.inherit);
      if (!meta) throw new ModuleLoadError(moduleName, `extends unknown model '${def.inherit}'`);
      this.addFields(meta, moduleName, def.fields);
      meta.constraints.push(...(def.constraints ?? []));
      meta.beforeWrite.push(...(def.beforeWrite ?? []));
      meta.beforeUnlink.push(...(def.beforeUnlink ?? []));
      if (def.duplicateMessage) meta.duplicateMessage = def.duplicateMessage;
      if (def.publishable) meta.publishable = true;
      return;
    }
    if (!def.name || !/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/.test(def.name)) {
      throw new ModuleLoadError(moduleName, `model name '${def.name}' is not valid`);
    }
    const existing = this.models.get(def.name);
    if (existing) throw new ModuleLoadError(moduleName, `model '${def.name}' is already defined by module '${existing.module}'`);
    const meta = new ModelMeta(def.name, def.table ?? tableOf(def.name), moduleName);
    meta.order = def.order ?? 'id';
    meta.logAccess = def.logAccess ?? true;
    meta.description = def.description;
    meta.constraints.push(...(def.constraints ?? []));
    meta.beforeWrite.push(...(def.beforeWrite ?? []));
    meta.beforeUnlink.push(...(def.beforeUnlink ?? []));
    meta.rollup = def.rollup;
    meta.duplicateMessage = def.duplicateMessage;
    meta.publishable = def.publishable === true;
    this.addFields(meta, moduleName, { ...MAGIC, ...(meta.logAccess ? LOG_ACCESS : {}) });
    this.addFields(meta, moduleName, def.fields);
    meta.recName = def.recName ?? (meta.fields.has('name') ? 'name' : undefined);
    this.models.set(def.name, meta);
  }

  private addFields(meta: ModelMeta, moduleName: string, defs: Record<string, FieldDefinition>): void {
    for (const [name, def] of Object.entries(defs)) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new ModuleLoadError(moduleName, `field name '${name}' on '${meta.name}' is not valid`);
      const prior = meta.fields.get(name);
      if (prior) {
        throw new ModuleLoadError(moduleName, `field '${meta.name}.${name}' is already defined by module '${prior.module}'`);
      }
      const stored = def.compute ? def.store === true : def.type !== 'one2many';
      const field: Field = { ...def, name, model: meta.name, module: moduleName, stored };
      if (def.type === 'many2many') {
        const [a, b] = [tableOf(meta.name), tableOf(def.comodel!)].sort();
        field.relation ??= `${a}_${b}_rel`;
        field.column1 ??= `${tableOf(meta.name)}_id`;
        field.column2 ??= `${tableOf(def.comodel!)}_id`;
        if (field.column1 === field.column2) field.column2 = `${field.column2}2`;
      }
      meta.fields.set(name, field);
    }
  }

  /** Checks that every relational field points at a known model; call once all modules are added. */
  validate(): void {
    for (const meta of this.models.values()) {
      for (const f of meta.fields.values()) {
        if (f.comodel && !this.models.has(f.comodel)) {
          throw new ModuleLoadError(f.module, `field '${meta.name}.${f.name}' points to unknown model '${f.comodel}'`);
        }
        if (f.type === 'one2many') {
          const inv = this.models.get(f.comodel!)?.fields.get(f.inverse!);
          if (!inv || inv.type !== 'many2one') {
            throw new ModuleLoadError(f.module, `one2many '${meta.name}.${f.name}' needs many2one '${f.comodel}.${f.inverse}'`);
          }
        }
      }
    }
  }

  get(name: string): ModelMeta | undefined {
    return this.models.get(name);
  }
  has(name: string): boolean {
    return this.models.has(name);
  }
  all(): ModelMeta[] {
    return [...this.models.values()];
  }
}

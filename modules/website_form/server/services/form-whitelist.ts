import { injectable } from 'inversify';
import { ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import type { FormFieldSpec, FormFieldType } from '../../common/form-values';
/** (Named here, not imported: the model's file imports this one for its constraint.) */
const FORM_MODEL_MODEL = 'website.form.model';

/** Never reachable from a form, whatever an administrator lists: the record's identity and its audit trail. */
const SYSTEM_FIELDS = new Set(['id', 'create_uid', 'create_date', 'write_uid', 'write_date', 'display_name', 'active', 'website_id', 'state', 'company_id', 'user_id', 'password']);
const FORM_TYPES = new Set<FormFieldType>(['char', 'text', 'html', 'selection', 'integer', 'float', 'monetary', 'boolean', 'date', 'datetime', 'many2one', 'many2many']);
/** Models no form may create, enabled or not: accounts, rights, files' owners, the form set-up itself. */
const NEVER_MODELS = new Set(['res.users', 'res.groups', 'ir.attachment', FORM_MODEL_MODEL, 'website.form.block', 'website.form.block.field', 'website', 'ir.config_parameter']);

/** A field as the registry describes it (the part this check reads). */
interface RegistryField {
  name: string; type: string; readonly?: boolean; compute?: unknown; groups?: string[]; required?: boolean; default?: unknown;
  size?: number; selection?: ReadonlyArray<readonly [string, string]>; comodel?: string; string?: string; stored: boolean;
}

/** A model an administrator enabled, with what a form may write on it. */
export interface EnabledModel {
  id: number;
  model: string;
  label: string;
  fields: Map<string, FormFieldSpec & { comodel?: string; label: string; selectionLabels?: Array<[string, string]> }>;
  /** Required fields without a default: a post without them is refused. */
  required: string[];
  defaultField: string | null;
  notify: boolean;
}

function registryFields(env: Env, model: string): Map<string, RegistryField> | null {
  const meta = env.registry.get(model);
  return meta ? (meta.fields as unknown as Map<string, RegistryField>) : null;
}

/** Why a field cannot be whitelisted, or null when it can. */
export function fieldRefusal(env: Env, model: string, name: string): string | null {
  const fields = registryFields(env, model);
  const f = fields?.get(name);
  if (!f) return `'${name}' is not a field of ${model}.`;
  if (SYSTEM_FIELDS.has(name)) return `'${name}' is a system field: forms never write it.`;
  if (f.readonly || f.compute || !f.stored) return `'${name}' is read-only or computed: forms never write it.`;
  if (f.groups?.length) return `'${name}' is restricted to some groups: forms never write it.`;
  if (!FORM_TYPES.has(f.type as FormFieldType)) return `'${name}' is a ${f.type} field, which forms cannot fill.`;
  if ((f.type === 'many2one' || f.type === 'many2many') && f.comodel && NEVER_MODELS.has(f.comodel) && f.comodel !== 'ir.attachment') return `'${name}' points to ${f.comodel}, which forms never reach.`;
  return null;
}

export function parseFieldNames(text: unknown): string[] {
  return typeof text === 'string' ? [...new Set(text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))] : [];
}

/**
 * The whitelist: which models forms reach and which of their fields they fill. Everything is refused
 * unless an administrator enabled the model (a `website.form.model` record) and listed the field, and
 * readonly, computed, group-restricted and system fields are refused even when listed.
 */
@injectable()
export class FormWhitelist {
  /** The model's set-up when it is enabled for forms, else null (unknown model, never enabled, or disabled). */
  async enabled(env: Env, model: string): Promise<EnabledModel | null> {
    if (NEVER_MODELS.has(model) || !env.registry.has(model)) return null;
    const [row] = await env.sudo().model(FORM_MODEL_MODEL).search_read([['model', '=', model], ['enabled', '=', true]], ['model', 'label', 'field_names', 'default_field', 'notify'], { limit: 1 });
    if (!row) return null;
    return this.describe(env, row);
  }

  /** Every enabled model (the editor offers these). */
  async all(env: Env): Promise<EnabledModel[]> {
    const rows = await env.sudo().model(FORM_MODEL_MODEL).search_read([['enabled', '=', true]], ['model', 'label', 'field_names', 'default_field', 'notify'], { limit: 100 });
    return rows.filter((r) => env.registry.has(String(r.model)) && !NEVER_MODELS.has(String(r.model))).map((r) => this.describe(env, r));
  }

  private describe(env: Env, row: Record<string, unknown>): EnabledModel {
    const model = String(row.model);
    const all = registryFields(env, model)!;
    const fields: EnabledModel['fields'] = new Map();
    for (const name of parseFieldNames(row.field_names)) {
      if (fieldRefusal(env, model, name)) continue;
      const f = all.get(name)!;
      fields.set(name, {
        name, type: f.type as FormFieldType, size: f.size, comodel: f.comodel, label: f.string ?? name,
        required: Boolean(f.required) && f.default === undefined,
        selection: f.selection?.map(([k]) => k), selectionLabels: f.selection?.map(([k, v]) => [k, v]),
      });
    }
    const required = [...all.values()].filter((f) => f.required && f.default === undefined && f.stored && !f.compute && !SYSTEM_FIELDS.has(f.name)).map((f) => f.name);
    const defaultField = typeof row.default_field === 'string' && row.default_field && ['text', 'html', 'char'].includes(all.get(row.default_field)?.type ?? '') ? row.default_field : null;
    return { id: Number(row.id), model, label: String(row.label), fields, required, defaultField, notify: Boolean(row.notify) };
  }
}

/** The constraint of website.form.model: a real model, fields that can be whitelisted, a text field for extras. */
export async function checkFormModels(env: Env, ids: number[]): Promise<void> {
  const rows = await env.sudo().model(FORM_MODEL_MODEL).read(ids, ['model', 'field_names', 'default_field']);
  for (const r of rows) {
    const model = String(r.model);
    if (NEVER_MODELS.has(model)) throw new ValidationError(`Forms can never create ${model} records.`);
    if (!env.registry.has(model)) throw new ValidationError(`There is no model '${model}'.`);
    for (const name of parseFieldNames(r.field_names)) {
      const refusal = fieldRefusal(env, model, name);
      if (refusal) throw new ValidationError(refusal);
    }
    if (r.default_field) {
      const f = registryFields(env, model)!.get(String(r.default_field));
      if (!f || !['text', 'html', 'char'].includes(f.type) || f.readonly || f.compute) throw new ValidationError(`'${String(r.default_field)}' is not a text field of ${model}: extra values cannot go there.`);
    }
  }
}

import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import { type BlockSave, type FormInput, INPUT_TYPES, type InputType } from '../../common/form-block';
import { FORM_BLOCK_FIELD_MODEL, FORM_BLOCK_MODEL } from '../models/website-form-block';
import { FORM_MODEL_MODEL } from '../models/website-form-model';
import { type EnabledModel, FormWhitelist } from './form-whitelist';

const KEY = /^[a-z0-9_-]{1,64}$/;
const MAX_RELATION_CHOICES = 300;

/** A block's rendered form: its record, the model it writes, and its inputs. */
export interface LoadedBlock {
  block: Record<string, unknown>;
  target: EnabledModel;
  inputs: FormInput[];
  /** The model the form posts to instead of `target` (the spec's force_action), when set and open to forms. */
  forceAction?: string;
}

function choicesOf(text: unknown): Array<[string, string]> {
  if (typeof text !== 'string') return [];
  return text.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, 30).map((l) => {
    const [value, label] = l.includes('|') ? l.split('|', 2) : [l, l];
    return [value.trim(), (label ?? value).trim()];
  });
}

/**
 * The forms the editor's Form block places on pages: read and saved for publishers (who may not
 * write the records themselves), each field checked against the target model's whitelist. A name that
 * is not a whitelisted field is kept as a custom field: its answers go to the model's text field.
 */
@injectable()
export class FormBlocks {
  constructor(@inject(FormWhitelist) private readonly whitelist: FormWhitelist) {}

  /**
   * The form a block renders, or null when the block is missing or its model is no longer enabled.
   * `relationChoices`: offer the records of a relation (with `env`'s rights: the visitor's); the page
   * needs them, the server's check does not (it checks the ids posted against the database).
   */
  async form(env: Env, key: string, opts: { relationChoices: boolean }): Promise<LoadedBlock | null> {
    if (!KEY.test(key)) return null;
    const su = env.sudo().withLang(env.lang);
    const [block] = await su.model(FORM_BLOCK_MODEL).search_read([['key', '=', key]], ['form_model_id', 'force_action_model_id', 'success_page', 'success_message', 'button_label'], { limit: 1 });
    if (!block || !Array.isArray(block.form_model_id)) return null;
    const forcedId = Array.isArray(block.force_action_model_id) ? Number(block.force_action_model_id[0]) : 0;
    const configs = await su.model(FORM_MODEL_MODEL).read(forcedId ? [Number(block.form_model_id[0]), forcedId] : [Number(block.form_model_id[0])], ['model']);
    const modelOf = (id: number) => configs.find((c) => Number(c.id) === id)?.model;
    const config = modelOf(Number(block.form_model_id[0]));
    const target = config ? await this.whitelist.enabled(env, String(config)) : null;
    if (!target) return null;
    // a forced model no longer open to forms is ignored: the form posts to its own target
    const forced = forcedId && modelOf(forcedId) ? await this.whitelist.enabled(env, String(modelOf(forcedId))) : null;
    const lines = await su.model(FORM_BLOCK_FIELD_MODEL).search_read([['block_id', '=', Number(block.id)]], ['field_name', 'label', 'input_type', 'required', 'placeholder', 'choices'], { limit: 30 });
    const inputs: FormInput[] = [];
    for (const l of lines) {
      const name = String(l.field_name);
      const spec = target.fields.get(name);
      const type = (INPUT_TYPES as readonly string[]).includes(String(l.input_type)) ? String(l.input_type) as InputType : 'text';
      let choices = choicesOf(l.choices);
      let checkChoices = true;
      if (!choices.length && spec?.selectionLabels) choices = spec.selectionLabels;
      if (!choices.length && spec?.comodel && spec.comodel !== 'ir.attachment') {
        checkChoices = false;
        if (opts.relationChoices) {
          const found = await env.model(spec.comodel).name_search('', [], 'ilike', MAX_RELATION_CHOICES);
          choices = found.map(([id, label]) => [String(id), label]);
        }
      }
      inputs.push({ name, label: String(l.label), type, required: Boolean(l.required), placeholder: l.placeholder ? String(l.placeholder) : '', choices, checkChoices });
    }
    return { block, target, inputs, forceAction: forced && forced.model !== target.model ? forced.model : undefined };
  }

  async load(env: Env, key: string): Promise<BlockSave | null> {
    const su = env.sudo();
    const [block] = await su.model(FORM_BLOCK_MODEL).search_read([['key', '=', key]], ['name', 'key', 'form_model_id', 'success_page', 'success_message', 'button_label'], { limit: 1 });
    if (!block) return null;
    const [config] = await su.model(FORM_MODEL_MODEL).read([Number((block.form_model_id as [number, string])[0])], ['model']);
    const lines = await su.model(FORM_BLOCK_FIELD_MODEL).search_read([['block_id', '=', Number(block.id)]], ['field_name', 'label', 'input_type', 'required', 'placeholder', 'choices'], { limit: 30 });
    return {
      key: String(block.key), name: String(block.name), model: String(config?.model ?? ''),
      success_page: block.success_page ? String(block.success_page) : '', success_message: block.success_message ? String(block.success_message) : '',
      button_label: block.button_label ? String(block.button_label) : '',
      fields: lines.map((l) => ({
        name: String(l.field_name), label: String(l.label), type: String(l.input_type) as BlockSave['fields'][number]['type'],
        required: Boolean(l.required), placeholder: l.placeholder ? String(l.placeholder) : '', choices: l.choices ? String(l.choices) : '',
      })),
    };
  }

  /** Creates or updates the block (`key` empty: a new one) and returns its key. */
  async save(env: Env, save: BlockSave): Promise<string> {
    const target = await this.whitelist.enabled(env, save.model);
    if (!target) throw new ValidationError('This model is not open to website forms.');
    const names = new Set<string>();
    for (const f of save.fields) {
      if (names.has(f.name)) throw new ValidationError(`The field '${f.name}' is in the form twice.`);
      names.add(f.name);
    }
    if (!target.defaultField) {
      // Files go to the record as attachments whatever their name; other values need the text field.
      const custom = save.fields.find((f) => !target.fields.has(f.name) && f.type !== 'file');
      if (custom) throw new ValidationError(`'${custom.name}' is not a field forms may fill on ${target.label}.`);
    }
    const missing = target.required.filter((r) => !names.has(r));
    if (missing.length) throw new ValidationError(`The form needs the required field(s): ${missing.map((m) => target.fields.get(m)?.label ?? m).join(', ')}.`);
    const su = env.sudo().withLang(env.lang);
    return su.transaction(async (tx) => {
      const values = {
        name: save.name, form_model_id: target.id, success_page: save.success_page || false, success_message: save.success_message || false,
        button_label: save.button_label || false,
      };
      let id: number;
      let key = save.key ?? '';
      const [found] = key ? await tx.model(FORM_BLOCK_MODEL).search_read([['key', '=', key]], ['id'], { limit: 1 }) : [];
      if (found) {
        id = Number(found.id);
        await tx.model(FORM_BLOCK_MODEL).write([id], values);
      } else {
        key = `form-${crypto.randomBytes(5).toString('hex')}`;
        id = (await tx.model(FORM_BLOCK_MODEL).create({ ...values, key })) as number;
      }
      // Lines are matched by field name and written in place: a label saved in one language keeps the others.
      const old = await tx.model(FORM_BLOCK_FIELD_MODEL).search_read([['block_id', '=', id]], ['field_name'], { limit: 100 });
      const byName = new Map(old.map((l) => [String(l.field_name), Number(l.id)]));
      const gone = old.filter((l) => !names.has(String(l.field_name))).map((l) => Number(l.id));
      if (gone.length) await tx.model(FORM_BLOCK_FIELD_MODEL).unlink(gone);
      let sequence = 0;
      for (const f of save.fields) {
        // A field of the model is required if the model says so, whatever the dialog sent.
        const required = f.required || target.required.includes(f.name);
        const line = {
          sequence: (sequence += 10), label: f.label, input_type: f.type, required, placeholder: f.placeholder || false, choices: f.choices || false,
        };
        const existing = byName.get(f.name);
        if (existing) await tx.model(FORM_BLOCK_FIELD_MODEL).write([existing], line);
        else await tx.model(FORM_BLOCK_FIELD_MODEL).create({ ...line, block_id: id, field_name: f.name });
      }
      return key;
    });
  }
}

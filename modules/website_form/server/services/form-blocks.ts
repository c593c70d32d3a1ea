import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import type { BlockSave } from '../../common/form-block';
import { FORM_BLOCK_FIELD_MODEL, FORM_BLOCK_MODEL } from '../models/website-form-block';
import { FORM_MODEL_MODEL } from '../models/website-form-model';
import { FormWhitelist } from './form-whitelist';

/**
 * The forms the editor's Form block places on pages: read and saved for publishers (who may not
 * write the records themselves), each field checked against the target model's whitelist. A name that
 * is not a whitelisted field is kept as a custom field: its answers go to the model's text field.
 */
@injectable()
export class FormBlocks {
  constructor(@inject(FormWhitelist) private readonly whitelist: FormWhitelist) {}

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
      const custom = save.fields.find((f) => !target.fields.has(f.name));
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

import { defineModel, fields } from '@platform/orm';
import { INPUT_TYPES } from '../../common/form-block';

export const FORM_BLOCK_MODEL = 'website.form.block';
export const FORM_BLOCK_FIELD_MODEL = 'website.form.block.field';

/**
 * A form placed on a page by the editor's Form block: the page stores only its placeholder
 * (`<section data-dynamic-block="website_form.form" data-form-key="...">`), and the block renders the
 * form from this record: target model, fields, and what follows a submission.
 */
export const WebsiteFormBlock = defineModel({
  name: FORM_BLOCK_MODEL,
  description: 'Website form block',
  order: 'id',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Name' }),
    key: fields.char({ required: true, size: 64, string: 'Key (used by the page)' }),
    form_model_id: fields.many2one('website.form.model', { required: true, ondelete: 'restrict', string: 'Target model' }),
    field_ids: fields.one2many(FORM_BLOCK_FIELD_MODEL, 'block_id', { string: 'Fields' }),
    success_page: fields.char({ size: 256, string: 'Success page (path on this site)' }),
    // The spec's force_action: the form posts to this model instead of its target (fields it does not
    // whitelist are refused there, as for any post); only a model open to forms can be named.
    force_action_model_id: fields.many2one('website.form.model', { ondelete: 'set null', string: 'Send to another model (force action)' }),
    success_message: fields.text({ string: 'Success message', translate: true }),
    button_label: fields.char({ size: 64, string: 'Button label', translate: true }),
  },
  duplicateMessage: () => 'Another form block already has this key.',
});

export const WebsiteFormBlockField = defineModel({
  name: FORM_BLOCK_FIELD_MODEL,
  description: 'Field of a website form block',
  order: 'sequence, id',
  recName: 'label',
  fields: {
    block_id: fields.many2one(FORM_BLOCK_MODEL, { required: true, ondelete: 'cascade', string: 'Form' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    field_name: fields.char({ required: true, size: 128, string: 'Field (name on the model, or a custom name)' }),
    label: fields.char({ required: true, size: 128, string: 'Label', translate: true }),
    input_type: fields.selection(INPUT_TYPES.map((t) => [t, t] as const), { default: 'text', string: 'Input type' }),
    required: fields.boolean({ default: false, string: 'Required' }),
    placeholder: fields.char({ size: 128, string: 'Placeholder', translate: true }),
    choices: fields.text({ string: 'Choices (one per line, for select, radio and checkboxes)' }),
  },
});

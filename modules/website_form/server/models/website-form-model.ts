import { defineModel, fields } from '@platform/orm';
import { checkFormModels } from '../services/form-whitelist';

export const FORM_MODEL_MODEL = 'website.form.model';

/**
 * A model an administrator opened to website forms (the original platform's `website_form_access` on
 * ir.model): forms reach it only while `enabled`, and only the fields listed in `field_names` (every
 * other field is refused: the whitelist). Readonly, computed and system fields can never be listed
 * (see FormWhitelist). Posted values of unknown names are appended to `default_field` as lines.
 */
export const WebsiteFormModel = defineModel({
  name: FORM_MODEL_MODEL,
  description: 'Model reachable from website forms',
  order: 'label, id',
  recName: 'label',
  fields: {
    model: fields.char({ required: true, size: 128, string: 'Model' }),
    label: fields.char({ required: true, size: 128, string: 'Label', translate: true }),
    enabled: fields.boolean({ default: true, string: 'Enabled for forms' }),
    field_names: fields.text({ string: 'Whitelisted fields (one per line or comma-separated)' }),
    default_field: fields.char({ size: 128, string: 'Text field receiving extra values' }),
    notify: fields.boolean({ default: true, string: 'E-mail the site\'s contact address on each submission' }),
  },
  constraints: [checkFormModels],
  duplicateMessage: (vals) => `The model '${String(vals.model ?? '')}' is already set up for website forms.`,
});

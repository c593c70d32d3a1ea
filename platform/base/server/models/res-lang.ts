import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

export const ResLang = defineModel({
  name: 'res.lang',
  description: 'Language',
  order: 'name',
  fields: {
    name: fields.char({ required: true }),
    code: fields.char({ required: true, size: 16 }),
    url_code: fields.char({ required: true, size: 16 }),
    direction: fields.selection([['ltr', 'Left-to-Right'], ['rtl', 'Right-to-Left']], { default: 'ltr' }),
    /** moment formats used by the browser and server rendering. */
    date_format: fields.char({ default: 'MM/DD/YYYY' }),
    time_format: fields.char({ default: 'HH:mm:ss' }),
    active: fields.boolean({ default: true }),
  },
});

import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

export const ResPartner = defineModel({
  name: 'res.partner',
  description: 'Contact',
  order: 'name',
  fields: {
    name: fields.char({ required: true, size: 256 }),
    email: fields.char({ size: 256 }),
    phone: fields.char({ size: 64 }),
    street: fields.char({ size: 256 }),
    city: fields.char({ size: 128 }),
    zip: fields.char({ size: 24 }),
    country_id: fields.many2one('res.country', { ondelete: 'restrict' }),
    state_id: fields.many2one('res.country.state', { ondelete: 'restrict' }),
    vat: fields.char({ string: 'Tax ID', size: 64 }),
    company_name: fields.char({ size: 256 }),
    lang: fields.char({ size: 16 }),
    image: fields.image(),
    active: fields.boolean({ default: true }),
  },
});

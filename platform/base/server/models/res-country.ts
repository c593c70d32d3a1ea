import { defineModel } from '@platform/orm/model-definition';
import { fields } from '@platform/orm/fields';

export const ResCountry = defineModel({
  name: 'res.country',
  description: 'Country',
  order: 'name',
  fields: {
    name: fields.char({ required: true, translate: true }),
    code: fields.char({ required: true, size: 2 }),
    phone_code: fields.integer(),
    /** Addresses in this country name a state (the US, Canada, India...): forms require one. */
    state_required: fields.boolean({ default: false, string: 'State required' }),
    state_ids: fields.one2many('res.country.state', 'country_id'),
  },
});

export const ResCountryState = defineModel({
  name: 'res.country.state',
  description: 'Country state',
  order: 'code',
  fields: {
    name: fields.char({ required: true }),
    code: fields.char({ required: true, size: 16 }),
    country_id: fields.many2one('res.country', { required: true, ondelete: 'cascade' }),
  },
});

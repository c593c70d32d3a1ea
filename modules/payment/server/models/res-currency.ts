import { defineModel, fields } from '@platform/orm';

export const CURRENCY_MODEL = 'res.currency';

/** Currencies payments are made in (ISO 4217 code, symbol, decimals the amounts are rounded to). */
export const ResCurrency = defineModel({
  name: CURRENCY_MODEL,
  description: 'Currency',
  order: 'name',
  fields: {
    name: fields.char({ required: true, size: 3, string: 'Code' }),
    symbol: fields.char({ required: true, size: 8, string: 'Symbol' }),
    decimal_places: fields.integer({ default: 2, string: 'Decimal places' }),
    active: fields.boolean({ default: true, string: 'Active' }),
  },
  duplicateMessage: (vals) => `The currency ${String(vals.name ?? '')} exists already.`,
});

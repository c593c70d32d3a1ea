import { defineModel, fields } from '@platform/orm';

export const CARRIER_MODEL = 'delivery.carrier';

/**
 * A shipping method as data: a flat rate (`fixed_price`), free when the order's products reach
 * `amount` if `free_over` is set. Everybody reads the published ones; sales managers edit them.
 */
export const DeliveryCarrier = defineModel({
  name: CARRIER_MODEL,
  description: 'Shipping method',
  order: 'sequence, id',
  fields: {
    name: fields.char({ required: true, size: 128, string: 'Name' }),
    fixed_price: fields.monetary({ required: true, default: 0, string: 'Price' }),
    free_over: fields.boolean({ default: false, string: 'Free over an amount' }),
    amount: fields.monetary({ default: 0, string: 'Free from (products total)' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    website_published: fields.boolean({ default: true, string: 'Published' }),
    active: fields.boolean({ default: true, string: 'Active' }),
  },
});

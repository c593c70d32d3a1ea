import { defineModel, fields } from '@platform/orm';

export const TOKEN_MODEL = 'payment.token';

/**
 * A saved card: what the provider gave back for it (`acquirer_ref`) and what may be shown (brand, last 4
 * digits, holder). Never the number or the security code. Its owner alone reads and uses it (rules);
 * written by PaymentTokens only (payment managers may archive one: `active`).
 */
export const PaymentToken = defineModel({
  name: TOKEN_MODEL,
  description: 'Saved payment method',
  order: 'id desc',
  fields: {
    name: fields.char({ readonly: true, required: true, size: 256, string: 'Name' }),
    partner_id: fields.many2one('res.partner', { readonly: true, required: true, ondelete: 'cascade', string: 'Owner' }),
    acquirer_id: fields.many2one('payment.acquirer', { readonly: true, required: true, ondelete: 'cascade', string: 'Provider' }),
    acquirer_ref: fields.char({ readonly: true, required: true, size: 128, string: 'Provider reference', groups: ['payment.group_payment_manager'] }),
    brand: fields.char({ readonly: true, required: true, size: 16, string: 'Brand' }),
    last4: fields.char({ readonly: true, required: true, size: 4, string: 'Last digits' }),
    holder_name: fields.char({ readonly: true, size: 128, string: 'Holder' }),
    expiry: fields.char({ readonly: true, size: 8, string: 'Expiry' }),
    active: fields.boolean({ default: true, string: 'Active' }),
  },
});

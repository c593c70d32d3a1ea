import { UserError } from '@platform/core';
import { defineModel, fields, type Env } from '@platform/orm';

export const TRANSACTION_MODEL = 'payment.transaction';

export const TRANSACTION_STATES = [
  ['draft', 'Draft'], ['pending', 'Pending'], ['authorized', 'Authorized'], ['done', 'Done'], ['error', 'Error'], ['cancel', 'Canceled'],
] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number][0];

/**
 * What only the payment services write (after their checks), whoever calls: administrators included.
 * Every field is also `readonly` (refused to non-superuser calls, shown read-only in the back office).
 */
const GUARDED = ['reference', 'acquirer_id', 'provider', 'amount', 'currency_id', 'state', 'acquirer_reference', 'date_validate', 'partner_id', 'payment_token_id', 'card_brand', 'card_last4'];

async function guardWrite(env: Env, _ids: number[], vals: Record<string, unknown>): Promise<void> {
  if (env.isSuperuser) return;
  const named = GUARDED.filter((f) => f in vals);
  if (named.length) throw new UserError(`A transaction's ${named.join(', ')} change only through its provider or the Confirm action.`);
}

/**
 * A payment of `amount` in `currency_id` for `reference` (unique: `SO042`, then `SO042x1`...), with a
 * copy of the payer's details as they were. Created and moved from state to state by the
 * PaymentTransactions service only (the write hook refuses the rest).
 */
export const PaymentTransaction = defineModel({
  name: TRANSACTION_MODEL,
  description: 'Payment transaction',
  order: 'id desc',
  recName: 'reference',
  fields: {
    reference: fields.char({ readonly: true, required: true, size: 64, string: 'Reference' }),
    acquirer_id: fields.many2one('payment.acquirer', { readonly: true, required: true, ondelete: 'restrict', string: 'Provider' }),
    provider: fields.char({ readonly: true, required: true, size: 32, string: 'Provider code' }),
    amount: fields.monetary({ readonly: true, required: true, string: 'Amount' }),
    currency_id: fields.many2one('res.currency', { readonly: true, required: true, ondelete: 'restrict', string: 'Currency' }),
    state: fields.selection(TRANSACTION_STATES, { readonly: true, default: 'draft', required: true, string: 'Status' }),
    type: fields.selection([['form', 'Form'], ['form_save', 'Form with saved card'], ['server2server', 'Saved card']], { readonly: true, default: 'form', required: true, string: 'Type' }),
    acquirer_reference: fields.char({ readonly: true, size: 128, string: 'Provider reference' }),
    state_message: fields.text({ readonly: true, string: 'Message' }),
    date_validate: fields.datetime({ readonly: true, string: 'Validation date' }),
    partner_id: fields.many2one('res.partner', { readonly: true, ondelete: 'set null', string: 'Customer' }),
    partner_name: fields.char({ readonly: true, size: 256, string: 'Customer name' }),
    partner_email: fields.char({ readonly: true, size: 256, string: 'E-mail' }),
    partner_lang: fields.char({ readonly: true, size: 16, string: 'Language' }),
    partner_address: fields.char({ readonly: true, size: 256, string: 'Address' }),
    partner_zip: fields.char({ readonly: true, size: 24, string: 'Zip' }),
    partner_city: fields.char({ readonly: true, size: 128, string: 'City' }),
    partner_country_id: fields.many2one('res.country', { readonly: true, ondelete: 'set null', string: 'Country' }),
    partner_phone: fields.char({ readonly: true, size: 64, string: 'Phone' }),
    payment_token_id: fields.many2one('payment.token', { readonly: true, ondelete: 'set null', string: 'Saved card' }),
    website_id: fields.many2one('website', { readonly: true, ondelete: 'set null', string: 'Site' }),
    card_brand: fields.char({ readonly: true, size: 16, string: 'Card brand' }),
    card_last4: fields.char({ readonly: true, size: 4, string: 'Card last digits' }),
  },
  beforeWrite: [guardWrite],
  duplicateMessage: (vals) => `The reference ${String(vals.reference ?? '')} is already used by another transaction.`,
});

import { defineModel, fields } from '@platform/orm';

export const ACQUIRER_MODEL = 'payment.acquirer';

/** Default messages, as the reference platform ships them (html, editable per acquirer). */
export const DEFAULT_MESSAGES = {
  pending_msg: '<i>Pending,</i> Your online payment has been successfully processed. But your order is not validated yet.',
  done_msg: '<i>Done,</i> Your online payment has been successfully processed. Thank you for your order.',
  cancel_msg: '<i>Cancel,</i> Your payment has been cancelled.',
  error_msg: '<i>Error,</i> Please be aware that an error occurred during the transaction. The order has been confirmed but will not be paid. Do not hesitate to contact us if you have any questions on the status of your order.',
} as const;

/**
 * A way to pay (the test card processor, a wire transfer...), handled by the PaymentProvider whose code
 * is `provider` (an acquirer whose provider no running module offers is not offered). Published acquirers are offered on the site they name (every site when none).
 */
export const PaymentAcquirer = defineModel({
  name: ACQUIRER_MODEL,
  description: 'Payment provider',
  order: 'sequence, id',
  fields: {
    name: fields.char({ required: true, translate: true, string: 'Name' }),
    description: fields.text({ string: 'Description' }),
    sequence: fields.integer({ default: 10, string: 'Sequence' }),
    provider: fields.char({ required: true, size: 32, string: 'Provider' }),
    environment: fields.selection([['test', 'Test'], ['prod', 'Production']], { default: 'test', required: true, string: 'Environment' }),
    website_published: fields.boolean({ default: false, string: 'Published' }),
    website_id: fields.many2one('website', { ondelete: 'cascade', string: 'Site' }),
    pre_msg: fields.html({ string: 'Help message (before paying)' }),
    post_msg: fields.html({ string: 'Thanks message (after paying)' }),
    pending_msg: fields.html({ default: DEFAULT_MESSAGES.pending_msg, string: 'Pending message' }),
    done_msg: fields.html({ default: DEFAULT_MESSAGES.done_msg, string: 'Done message' }),
    cancel_msg: fields.html({ default: DEFAULT_MESSAGES.cancel_msg, string: 'Cancel message' }),
    error_msg: fields.html({ default: DEFAULT_MESSAGES.error_msg, string: 'Error message' }),
    capture_manually: fields.boolean({ default: false, string: 'Capture manually (authorize only)' }),
    save_token: fields.selection([['none', 'Never'], ['ask', 'Let the customer decide'], ['always', 'Always']], { default: 'none', required: true, string: 'Save cards' }),
  },
});

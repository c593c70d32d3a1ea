import { type DataRecord, ref } from '@platform/core';

const tx = (key: string, values: Record<string, unknown>): DataRecord => ({
  id: `tx_${key}`, model: 'payment.transaction',
  values: { currency_id: ref('payment.currency_eur'), partner_id: ref('base.partner_admin'), partner_name: 'Administrator', partner_email: 'admin@example.com', ...values },
});

/**
 * The test processor published (cards can be paid on a fresh start), a saved card of the
 * administrator's, and transactions in every state: paid by card, declined, a wire transfer waiting for
 * its confirmation in the back office (Payment > Wire transfers to confirm), a canceled one.
 */
export function paymentDemo(): DataRecord[] {
  const card = { acquirer_id: ref('payment.acquirer_test'), provider: 'test' };
  return [
    { id: 'payment.acquirer_test', model: 'payment.acquirer', amend: true, values: { website_published: true } },
    {
      id: 'token_admin_visa', model: 'payment.token',
      values: { name: 'XXXXXXXXXXXX4242 - Administrator', partner_id: ref('base.partner_admin'), acquirer_id: ref('payment.acquirer_test'), acquirer_ref: 'test_approved_demo', brand: 'visa', last4: '4242', holder_name: 'Administrator', expiry: '12/30' },
    },
    tx('done', { ...card, reference: 'DEMO-0001', amount: 120, state: 'done', acquirer_reference: 'TEST-DEMO1', card_brand: 'visa', card_last4: '4242', date_validate: '2026-11-20 10:00:00' }),
    tx('declined', { ...card, reference: 'DEMO-0002', amount: 35.5, state: 'error', acquirer_reference: 'TEST-DEMO2', state_message: 'Your card was declined.', card_brand: 'visa', card_last4: '0002' }),
    tx('transfer', { acquirer_id: ref('payment.acquirer_transfer'), provider: 'transfer', reference: 'DEMO-0003', amount: 980, state: 'pending' }),
    tx('cancel', { ...card, reference: 'DEMO-0004', amount: 15, state: 'cancel', currency_id: ref('payment.currency_usd') }),
  ];
}

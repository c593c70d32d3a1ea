import type { DataRecord } from '@platform/core';

const TRANSFER_POST_MSG = '<h4>Please use the following transfer details</h4><h5>Bank Account</h5><ul><li>Bank: Example Bank</li><li>IBAN: FR76 3000 6000 0112 3456 7890 189</li><li>BIC: AGRIFRPP</li></ul><h5>Communication</h5><p>Please use the reference of your payment as communication reference.</p>';

/**
 * Currencies, and the two built-in acquirers: wire transfer (published, with bank details to edit) and
 * the test card processor (test mode, unpublished until an administrator publishes it; the demo does).
 */
export function paymentData(): DataRecord[] {
  return [
    { id: 'currency_eur', model: 'res.currency', noupdate: true, values: { name: 'EUR', symbol: '€', decimal_places: 2 } },
    { id: 'currency_usd', model: 'res.currency', noupdate: true, values: { name: 'USD', symbol: '$', decimal_places: 2 } },
    { id: 'currency_gbp', model: 'res.currency', noupdate: true, values: { name: 'GBP', symbol: '£', decimal_places: 2 } },
    { id: 'currency_jpy', model: 'res.currency', noupdate: true, values: { name: 'JPY', symbol: '¥', decimal_places: 0 } },
    {
      id: 'acquirer_transfer', model: 'payment.acquirer', noupdate: true,
      values: {
        name: 'Wire Transfer', provider: 'transfer', environment: 'prod', website_published: true, sequence: 20,
        pre_msg: '<p>Transfer information will be provided after choosing the payment method.</p>', post_msg: TRANSFER_POST_MSG,
      },
    },
    {
      id: 'acquirer_test', model: 'payment.acquirer', noupdate: true,
      values: {
        name: 'Card (test processor)', provider: 'test', environment: 'test', website_published: false, sequence: 10, save_token: 'ask',
        pre_msg: '<p>A test processor: no real card is charged.</p>',
      },
    },
  ];
}

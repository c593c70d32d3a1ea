import { expect } from 'chai';
import { bootPayment, type PaymentFixture } from './payment-fixture';

/** A card number and security code used nowhere else, in every form they could be written. */
const NUMBER = '4012888888881881';
const CVC = '739';
const AMEX = '371449635398431';
const AMEX_CVC = '8264';
const FORMS = [NUMBER, '4012 8888 8888 1881', '401288888888', '88888888', AMEX, '3714 496353 98431', '37144963539'];

describe('payment: no card number or security code in the database or the logs', function () {
  this.timeout(90_000);
  let f: PaymentFixture;
  before(async () => { f = await bootPayment(); });
  after(async () => f?.tk.stop());

  it('after payments (approved, declined, refused fields, saved cards) by page, JSON and card saving', async () => {
    const payer = await f.client('payer');
    const card = { cc_number: '4012 8888 8888 1881', cc_holder_name: 'Paula Payer', cc_expiry: '12 / 40', cc_cvc: CVC };
    const amex = { ...card, cc_number: '3714 496353 98431', cc_cvc: AMEX_CVC };
    const { url, params } = await f.link('NOCARD-1', 10);
    const csrf = await payer.csrfFrom(url);
    const post = (fields: Record<string, string>) => payer.postForm('/website_payment/pay/submit', { csrf_token: csrf, ...params, acquirer_id: String(f.acquirers.test), ...fields });
    expect((await post({ ...card, cc_expiry: '01 / 20' })).status).to.equal(400);
    expect((await post({ ...card, save_card: 'on' })).status).to.equal(303);
    const { params: p2 } = await f.link('NOCARD-2', 11);
    const tx = await payer.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...p2, amount: 11, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test });
    expect(await payer.call('/payment/test/process', { tx_id: tx.tx_id, tx_token: tx.tx_token, ...amex, save_card: true })).to.include({ success: true });
    const tx3 = await payer.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...p2, amount: 11, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test })
      .catch(() => null);
    expect(tx3).to.equal(null); // already paid
    const { params: p4 } = await f.link('NOCARD-4', 12);
    const tx4 = await payer.call<{ tx_id: number; tx_token: string }>('/website_payment/transaction', { ...p4, amount: 12, currency_id: f.currencies.EUR, acquirer_id: f.acquirers.test });
    await payer.call('/payment/test/process', { tx_id: tx4.tx_id, tx_token: tx4.tx_token, ...amex, cc_cvc: '12345' });
    await payer.call('/payment/test/s2s/create_json', { acquirer_id: f.acquirers.test, ...amex });
    expect((await payer.postForm('/payment/test/s2s/create', { csrf_token: csrf, acquirer_id: String(f.acquirers.test), ...card, return_url: '/my/payment_method' })).status).to.equal(303);

    // Every table, every row.
    const db = f.tk.sudo().db;
    const tables: string[] = f.tk.sudo().dialect === 'sqlite'
      ? (await db.raw("select name from sqlite_master where type = 'table'")).map((r: { name: string }) => r.name)
      : (await db.raw('select tablename from pg_tables where schemaname = current_schema()')).rows.map((r: { tablename: string }) => r.tablename);
    expect(tables).to.include.members(['payment_transaction', 'payment_token', 'http_session']);
    const dump: string[] = [];
    for (const t of tables) dump.push(JSON.stringify(await db.select('*').from(t)));
    const everything = `${dump.join('\n')}\n${f.logs.join('')}`;
    expect(f.logs.join('')).to.contain('payment: transaction state');
    for (const form of FORMS) expect(everything.includes(form), `"${form}" was stored or logged`).to.equal(false);
    for (const code of [CVC, AMEX_CVC]) {
      // As a value (a JSON string, a form field), not inside ids or other numbers.
      const hit = new RegExp(`.{0,80}("${code}"|=${code}(&|$)).{0,40}`, 'm').exec(everything)?.[0];
      expect(hit, code).to.equal(undefined);
    }
    expect(everything).not.to.match(/cc_number|cc_cvc/);
    // What is kept: the brand and the last four digits.
    const tokens = await f.tk.sudo().model('payment.token').search_read([], ['brand', 'last4']);
    expect(tokens.map((t) => `${String(t.brand)} ${String(t.last4)}`)).to.include.members(['visa 1881', 'amex 8431']);
  });
});

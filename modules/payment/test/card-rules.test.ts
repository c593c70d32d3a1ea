import { expect } from 'chai';
import {
  CARD_BRANDS, cardBrand, formatCardNumberInput, formatCvcInput, formatExpiryInput, parseCardExpiry, validCardCvc, validCardExpiry, validCardNumber,
  type CardBrand,
} from '../common/card-rules';
import { cardFieldErrors } from '../common/card-schema';

/**
 * Public test card numbers (the processors' published test cards; laser and the 19-digit ones made with
 * a Luhn check digit), at least two valid and two invalid per brand. The invalid ones keep the brand's
 * prefix: a wrong check digit, or a length the brand does not have.
 */
const CARDS: Record<CardBrand, { valid: string[]; invalid: string[] }> = {
  maestro: { valid: ['6759649826438453', '6304000000000000', '5018000000000000007', '501800000009'], invalid: ['6759649826438454', '63040000000', '50180000000000000000'] },
  dinersclub: { valid: ['30569309025904', '38520000023237', '36227206271667'], invalid: ['30569309025905', '3852000002323', '362272062716670'] },
  laser: { valid: ['6771798021000008', '6706000000000004', '6709000000000000000'], invalid: ['6771798021000009', '670600000000004', '67090000000000000000'] },
  jcb: { valid: ['3530111333300000', '3566002020360505'], invalid: ['3530111333300001', '356600202036056', '35660020203605050'] },
  unionpay: { valid: ['6200000000000005', '6250941006528599', '6200000000000001', '6221260000000000'], invalid: ['620000000000000', '62000000000000000000', '62000000000a0005'] },
  discover: { valid: ['6011111111111117', '6011000990139424', '6445644564456445'], invalid: ['6011111111111118', '601100099013942', '60110009901394240'] },
  mastercard: { valid: ['5555555555554444', '5105105105105100', '2223003122003222', '2221000000000009'], invalid: ['5555555555554445', '510510510510510', '2720999999999990', '5655555555554444'] },
  amex: { valid: ['378282246310005', '371449635398431', '3782 822463 10005'], invalid: ['378282246310006', '3714496353984310', '37144963539843'] },
  visa: { valid: ['4111111111111111', '4012888888881881', '4222222222222', '4242 4242 4242 4242'], invalid: ['4111111111111112', '41111111111111111', '411111111111', '4111-1111-1111-1111'] },
};

describe('payment: card rules (common/card-rules.ts)', () => {
  for (const [brand, { valid, invalid }] of Object.entries(CARDS) as [CardBrand, { valid: string[]; invalid: string[] }][]) {
    it(`${brand}: detects the brand, accepts ${valid.length} valid numbers, refuses ${invalid.length} invalid ones`, () => {
      for (const n of valid) {
        expect(cardBrand(n), n).to.equal(brand);
        expect(validCardNumber(n), n).to.equal(true);
        expect(cardFieldErrors({ cc_number: n, cc_holder_name: 'A B', cc_expiry: '12 / 99', cc_cvc: brand === 'amex' ? '1234' : '123' }), n).to.deep.equal({});
      }
      for (const n of invalid) {
        expect(validCardNumber(n), n).to.equal(false);
        expect(cardFieldErrors({ cc_number: n, cc_holder_name: 'A B', cc_expiry: '12 / 99', cc_cvc: '123' }), n).to.have.keys('cc_number');
      }
    });
  }

  it('keeps the table of the spec: lengths, security codes, Luhn, order', () => {
    const table = Object.fromEntries(CARD_BRANDS.map((b) => [b.brand, [Math.min(...b.lengths), Math.max(...b.lengths), b.luhn, b.cvcLengths.join()]]));
    expect(table).to.deep.equal({
      maestro: [12, 19, true, '3'], dinersclub: [14, 14, true, '3'], laser: [16, 19, true, '3'], jcb: [16, 16, true, '3'],
      unionpay: [16, 19, false, '3'], discover: [16, 16, true, '3'], mastercard: [16, 16, true, '3'], amex: [15, 15, true, '3,4'], visa: [13, 16, true, '3'],
    });
    expect(cardBrand('622126')).to.equal('unionpay');
    expect(cardBrand('2221')).to.equal('mastercard');
    expect(cardBrand('2800')).to.equal(null);
    expect(validCardNumber('9999999999999995')).to.equal(false);
    expect(validCardNumber('')).to.equal(false);
  });

  it('formats the number while typed: digits only, at most the brand\'s longest, grouped (amex 4-6-5)', () => {
    expect(formatCardNumberInput('4111-1111 1111x11112222')).to.equal('4111 1111 1111 1111');
    expect(formatCardNumberInput('378282246310005999')).to.equal('3782 822463 10005');
    expect(formatCardNumberInput('6759649826438453123456')).to.equal('6759 6498 2643 8453 123');
    expect(formatCardNumberInput('99999999999999999999')).to.equal('9999 9999 9999 9999');
    expect(formatCardNumberInput('abc')).to.equal('');
  });

  it('expiry: month 1 to 12, two-digit years in this century, in the future, at most 6 digits', () => {
    const now = new Date(2026, 10, 27);
    expect(parseCardExpiry('09 / 27', now)).to.deep.equal({ month: 9, year: 2027 });
    expect(parseCardExpiry('9/2030', now)).to.deep.equal({ month: 9, year: 2030 });
    expect(parseCardExpiry('0912027', now)).to.equal(null);
    expect(parseCardExpiry('09 / 20271', now)).to.equal(null);
    expect(parseCardExpiry('ab / cd', now)).to.equal(null);
    expect(validCardExpiry(parseCardExpiry('11 / 26', now), now)).to.equal(true);
    expect(validCardExpiry(parseCardExpiry('10 / 26', now), now)).to.equal(false);
    expect(validCardExpiry(parseCardExpiry('13 / 30', now), now)).to.equal(false);
    expect(validCardExpiry(parseCardExpiry('00 / 30', now), now)).to.equal(false);
    expect(validCardExpiry(parseCardExpiry('01 / 2027', now), now)).to.equal(true);
    expect(formatExpiryInput('1')).to.equal('1');
    expect(formatExpiryInput('4')).to.equal('04');
    expect(formatExpiryInput('12')).to.equal('12 / ');
    expect(formatExpiryInput('12 /')).to.equal('12');
    expect(formatExpiryInput('1/')).to.equal('01 / ');
    expect(formatExpiryInput('12 / 2030999')).to.equal('12 / 2030');
  });

  it('security code: digits only, 3 (amex 3 or 4), at most 4 typed', () => {
    expect(validCardCvc('123', 'visa')).to.equal(true);
    expect(validCardCvc('1234', 'visa')).to.equal(false);
    expect(validCardCvc('1234', 'amex')).to.equal(true);
    expect(validCardCvc('123', 'amex')).to.equal(true);
    expect(validCardCvc('12', 'amex')).to.equal(false);
    expect(validCardCvc('12a', 'visa')).to.equal(false);
    expect(validCardCvc('1234', null)).to.equal(true);
    expect(formatCvcInput('12a345')).to.equal('1234');
  });

  it('names each wrong field of a card, and every field for values of the wrong type', () => {
    expect(cardFieldErrors({ cc_number: '4111111111111111', cc_holder_name: ' ', cc_expiry: '01 / 20', cc_cvc: '1234' }))
      .to.have.keys('cc_holder_name', 'cc_expiry', 'cc_cvc');
    expect(cardFieldErrors({ cc_number: 4111111111111111 as unknown as string })).to.include.keys('cc_number');
  });
});

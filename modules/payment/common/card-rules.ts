/*
 * The card form's rules, one module for the browser (formatting while typing, styling on leaving a
 * field) and the server (the test provider checks every rule again). No Node or DOM API here.
 * Brands, lengths and order as in the spec's table (jquery.payment's list, 2-series Mastercard included):
 * the first brand whose prefix matches wins, so `622...` is unionpay, not discover.
 */

export type CardBrand = 'maestro' | 'dinersclub' | 'laser' | 'jcb' | 'unionpay' | 'discover' | 'mastercard' | 'amex' | 'visa';

export interface CardBrandRule {
  brand: CardBrand;
  /** Prefixes; `[from, to]` is a numeric range of prefixes of the same length. */
  prefixes: ReadonlyArray<string | readonly [string, string]>;
  lengths: readonly number[];
  cvcLengths: readonly number[];
  luhn: boolean;
  /** Digits per group when shown (4-4-4-4, amex 4-6-5). */
  groups: readonly number[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const FOURS = [4, 4, 4, 4, 4];

export const CARD_BRANDS: readonly CardBrandRule[] = [
  { brand: 'maestro', prefixes: ['5018', '5020', '5038', '6304', '6759', ['6761', '6763']], lengths: range(12, 19), cvcLengths: [3], luhn: true, groups: FOURS },
  { brand: 'dinersclub', prefixes: ['36', '38', ['300', '305']], lengths: [14], cvcLengths: [3], luhn: true, groups: FOURS },
  { brand: 'laser', prefixes: ['6706', '6771', '6709'], lengths: range(16, 19), cvcLengths: [3], luhn: true, groups: FOURS },
  { brand: 'jcb', prefixes: ['35'], lengths: [16], cvcLengths: [3], luhn: true, groups: FOURS },
  { brand: 'unionpay', prefixes: ['62'], lengths: range(16, 19), cvcLengths: [3], luhn: false, groups: FOURS },
  { brand: 'discover', prefixes: ['6011', '65', ['644', '649'], '622'], lengths: [16], cvcLengths: [3], luhn: true, groups: FOURS },
  { brand: 'mastercard', prefixes: [['51', '55'], ['22', '27']], lengths: [16], cvcLengths: [3], luhn: true, groups: FOURS },
  { brand: 'amex', prefixes: ['34', '37'], lengths: [15], cvcLengths: [3, 4], luhn: true, groups: [4, 6, 5] },
  { brand: 'visa', prefixes: ['4'], lengths: range(13, 16), cvcLengths: [3], luhn: true, groups: FOURS },
];

/** How a brand is named to people. */
export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', dinersclub: 'Diners Club',
  jcb: 'JCB', unionpay: 'UnionPay', maestro: 'Maestro', laser: 'Laser',
};

export function brandLabel(brand: string): string {
  return BRAND_LABELS[brand as CardBrand] ?? brand;
}

/** The longest number typed while the brand is unknown. */
export const UNKNOWN_BRAND_MAX_LENGTH = 16;
/** Expiry input: at most 6 digits (MM and YYYY). */
export const EXPIRY_MAX_DIGITS = 6;
/** Security code input: at most 4 digits. */
export const CVC_MAX_DIGITS = 4;

function matches(digits: string, prefix: string | readonly [string, string]): boolean {
  if (typeof prefix === 'string') return digits.startsWith(prefix);
  const head = digits.slice(0, prefix[0].length);
  return head.length === prefix[0].length && Number(head) >= Number(prefix[0]) && Number(head) <= Number(prefix[1]);
}

/** The number's digits, when it holds digits and spaces only; else null. */
export function cardDigits(value: string): string | null {
  if (!/^[\d ]*$/.test(value)) return null;
  return value.replace(/ /g, '');
}

/** The brand rule of a number (digits and spaces), by the first matching prefix; null when none. */
export function cardBrandRule(value: string): CardBrandRule | null {
  const digits = cardDigits(value);
  if (!digits) return null;
  return CARD_BRANDS.find((b) => b.prefixes.some((p) => matches(digits, p))) ?? null;
}

export function cardBrand(value: string): CardBrand | null {
  return cardBrandRule(value)?.brand ?? null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Digits and spaces only, a known brand, one of its lengths, and the Luhn check (unionpay skips it). */
export function validCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  const rule = cardBrandRule(value);
  if (!digits || !rule || !rule.lengths.includes(digits.length)) return false;
  return !rule.luhn || luhnValid(digits);
}

/** What the number input keeps of what was typed: digits only, at most the brand's longest, grouped. */
export function formatCardNumberInput(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  const rule = cardBrandRule(digits);
  digits = digits.slice(0, rule ? Math.max(...rule.lengths) : UNKNOWN_BRAND_MAX_LENGTH);
  const groups = rule?.groups ?? FOURS;
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) parts.push(digits.slice(at));
  return parts.join(' ');
}

export interface CardExpiry {
  month: number;
  year: number;
}

/**
 * `MM / YY`, `MM/YYYY`, `M/YY`...: month and year, a two-digit year prefixed by the century of `now`.
 * Null when it is not two numbers around one slash, or holds more than 6 digits.
 */
export function parseCardExpiry(value: string, now: Date = new Date()): CardExpiry | null {
  const compact = value.replace(/\s/g, '');
  const m = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(compact);
  if (!m || m[1].length + m[2].length > EXPIRY_MAX_DIGITS) return null;
  const century = Math.floor(now.getFullYear() / 100) * 100;
  const year = m[2].length === 2 ? century + Number(m[2]) : Number(m[2]);
  return { month: Number(m[1]), year };
}

/** Month 1 to 12, and the card still valid: through the last day of its expiry month. */
export function validCardExpiry(expiry: CardExpiry | null, now: Date = new Date()): boolean {
  if (!expiry || !Number.isInteger(expiry.month) || expiry.month < 1 || expiry.month > 12) return false;
  // The first moment of the month after the expiry month, in local time like the browser's check.
  const end = new Date(expiry.year, expiry.month, 1);
  return end.getTime() > now.getTime();
}

/**
 * What the expiry input keeps: at most 6 digits, shown `MM / YY`. A first digit 2-9, or one digit then
 * a slash, is the month `0d`; two digits just typed get the ` / ` (removed again by a backspace).
 */
export function formatExpiryInput(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  if (/^[2-9]/.test(digits) || /^\s*\d\s*\//.test(typed)) digits = `0${digits}`;
  digits = digits.slice(0, EXPIRY_MAX_DIGITS);
  if (digits.length < 2) return digits;
  const rest = digits.slice(2);
  if (rest) return `${digits.slice(0, 2)} / ${rest}`;
  return /^\d{2}$|^\d\s*\/$/.test(typed.trim()) ? `${digits} / ` : digits;
}

/** Digits only; the brand's lengths (3, amex 3 or 4), 3 or 4 when the brand is unknown. */
export function validCardCvc(cvc: string, brand: CardBrand | null): boolean {
  if (!/^\d+$/.test(cvc)) return false;
  const lengths = CARD_BRANDS.find((b) => b.brand === brand)?.cvcLengths ?? [3, 4];
  return lengths.includes(cvc.length);
}

/** What the security code input keeps: digits only, at most 4. */
export function formatCvcInput(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, CVC_MAX_DIGITS);
}

/** The last four digits, the only part of a number ever stored or shown. */
export function cardLast4(value: string): string {
  return (cardDigits(value) ?? '').slice(-4);
}

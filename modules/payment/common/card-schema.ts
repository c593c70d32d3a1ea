/*
 * The card form as one yup schema: formik checks it in the browser (on leaving a field and before
 * posting), the card form routes check it again, and the test provider checks the rules once more
 * before it "processes" the card. Messages are English UI strings (translated in i18n/).
 */
import { object, string, type InferType } from 'yup';
import { cardBrand, parseCardExpiry, validCardCvc, validCardExpiry, validCardNumber } from './card-rules';

export const HOLDER_NAME_MAX = 128;

export const CARD_MESSAGES = {
  cc_number: 'Enter a valid card number.',
  cc_holder_name: 'Enter the name on the card.',
  cc_expiry: 'Enter a valid expiry date (MM / YY), in the future.',
  cc_cvc: 'Enter the security code printed on the card.',
} as const;

export type CardField = keyof typeof CARD_MESSAGES;
export const CARD_FIELDS = Object.keys(CARD_MESSAGES) as CardField[];

/** The four card fields (the brand is worked out from the number, never trusted from the browser). */
export const cardFieldsSchema = object({
  cc_number: string().required(CARD_MESSAGES.cc_number).max(40, CARD_MESSAGES.cc_number)
    .test('card-number', CARD_MESSAGES.cc_number, (v) => validCardNumber(v ?? '')),
  cc_holder_name: string().trim().required(CARD_MESSAGES.cc_holder_name).max(HOLDER_NAME_MAX, CARD_MESSAGES.cc_holder_name),
  cc_expiry: string().required(CARD_MESSAGES.cc_expiry).max(12, CARD_MESSAGES.cc_expiry)
    .test('card-expiry', CARD_MESSAGES.cc_expiry, (v) => validCardExpiry(parseCardExpiry(v ?? ''))),
  cc_cvc: string().required(CARD_MESSAGES.cc_cvc).max(4, CARD_MESSAGES.cc_cvc)
    .test('card-cvc', CARD_MESSAGES.cc_cvc, function (v) {
      return validCardCvc(v ?? '', cardBrand(String(this.parent.cc_number ?? '')));
    }),
});
export type CardFields = InferType<typeof cardFieldsSchema>;

/** Which card fields break the rules, with their messages (empty when the card passes). */
export function cardFieldErrors(card: Partial<Record<CardField, unknown>>): Partial<Record<CardField, string>> {
  try {
    cardFieldsSchema.validateSync(card, { abortEarly: false, strict: true });
    return {};
  } catch (err) {
    const errors: Partial<Record<CardField, string>> = {};
    for (const e of (err as { inner?: { path?: string; message: string }[] }).inner ?? []) {
      if (e.path && e.path in CARD_MESSAGES && !errors[e.path as CardField]) errors[e.path as CardField] = e.message;
    }
    // A value of the wrong type (a number, a list) fails as a whole: every named field is wrong.
    if (!Object.keys(errors).length) for (const f of CARD_FIELDS) errors[f] = CARD_MESSAGES[f];
    return errors;
  }
}

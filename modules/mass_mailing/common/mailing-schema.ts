/*
 * What the mailing composer (back office) and the server share: the e-mail rule, the limits and the
 * yup schemas of the composer's two forms. The composer checks them with formik before saving or
 * sending a test; the server checks the same rules again (the model's constraint on the sender, the
 * send_test route's params, the services' address check). No Node or DOM API here.
 */
import { object, string } from 'yup';
import { EMAIL_RE } from '@platform/common';

/** The longest address SMTP carries (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** The longest subject line a mail header takes (RFC 5322 line limit). */
export const SUBJECT_MAX = 998;

/** Messages are English UI strings (translated in i18n/). */
export const MAILING_MESSAGES = {
  subjectRequired: 'Give the mailing a subject.',
  subjectTooLong: `The subject is too long (at most ${SUBJECT_MAX} characters).`,
  email: 'Please enter a valid e-mail address.',
} as const;

/** The platform's one address rule (EMAIL_RE, at most 254 characters), for both sides. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX && EMAIL_RE.test(email);
}

/** An address or nothing; spaces around it are not part of it (the services trim and lower-case it). */
const emailField = () =>
  string()
    .max(EMAIL_MAX + 32, MAILING_MESSAGES.email)
    .test('email', MAILING_MESSAGES.email, (value) => !value?.trim() || isValidEmail(value.trim()));

/** The composer's mailing: a subject, and a sender address or none (the site's default sender). */
export const mailingDraftSchema = object({
  subject: string().trim().required(MAILING_MESSAGES.subjectRequired).max(SUBJECT_MAX, MAILING_MESSAGES.subjectTooLong),
  email_from: emailField().default(''),
});

/** The composer's "send a test" form; `/mass_mailing/send_test` takes it with the mailing's id. */
export const testMailSchema = object({
  email: emailField().required(MAILING_MESSAGES.email).test('present', MAILING_MESSAGES.email, (value) => Boolean(value?.trim())),
});

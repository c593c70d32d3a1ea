/*
 * What the Mail settings screen (back office) and the server share: limits, messages and the yup
 * schemas of its two forms. The screen checks them with formik; `/mail/settings/save` and
 * `/mail/settings/test` check the same schemas again. No Node or DOM API here.
 */
import { object, string } from 'yup';
import { EMAIL_RE } from '@platform/common';

export const MAIL_LIMITS = { name: 128, email: 254, address: 1000 } as const;
/** The colour of a mailing's header band and buttons when none is chosen (Bootstrap's primary). */
export const DEFAULT_BRAND_COLOR = '#0d6efd';
export const COLOR_RE = /^#[0-9a-fA-F]{6}$/;

/** Messages are English UI strings (translated in i18n/). */
export const MAIL_MESSAGES = {
  email: 'Please enter a valid e-mail address.',
  required: 'This field is required.',
  tooLong: 'This value is too long.',
  name: 'A sender name cannot contain < > " or line breaks.',
  color: 'Choose a colour as #rrggbb.',
} as const;

const email = () => string().trim().required(MAIL_MESSAGES.required).max(MAIL_LIMITS.email, MAIL_MESSAGES.tooLong)
  .test('email', MAIL_MESSAGES.email, (v) => !v || EMAIL_RE.test(v));
// The name goes into a From header: quotes, angle brackets and line breaks would let it forge the address.
const name = () => string().trim().max(MAIL_LIMITS.name, MAIL_MESSAGES.tooLong).test('name', MAIL_MESSAGES.name, (v) => !v || !/[<>"\r\n]/.test(v));

/** The site's senders (newsletter, system mails), postal address and mailing colour. */
export const mailSettingsSchema = object({
  newsletter_from_name: name().default(''),
  newsletter_from_email: email(),
  system_from_name: name().default(''),
  system_from_email: email(),
  postal_address: string().trim().max(MAIL_LIMITS.address, MAIL_MESSAGES.tooLong).default(''),
  brand_color: string().trim().required(MAIL_MESSAGES.required).matches(COLOR_RE, MAIL_MESSAGES.color),
});

export interface MailSettingsValues {
  newsletter_from_name: string;
  newsletter_from_email: string;
  system_from_name: string;
  system_from_email: string;
  postal_address: string;
  brand_color: string;
}

/** "Send test mail": an address, or empty for the administrator's own. */
export const mailTestSchema = object({
  email: string().trim().max(MAIL_LIMITS.email, MAIL_MESSAGES.email).test('email', MAIL_MESSAGES.email, (v) => !v || EMAIL_RE.test(v)).default(''),
});

/** A From header: `"Name" <address>`, or the bare address without a name. */
export function formatSender(nameText: string, address: string): string {
  const n = nameText.trim();
  return n ? `"${n}" <${address.trim()}>` : address.trim();
}

/** The reverse of formatSender (for a stored `mail.default.from`); a bare address has no name. */
export function parseSender(value: string): { name: string; email: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return m ? { name: m[1].trim(), email: m[2].trim() } : { name: '', email: value.trim() };
}


import { EMAIL_RE } from '@platform/common';

/** Lower-cased and trimmed: the one form e-mails are stored and compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The platform's one e-mail pattern (the original's single-address rule), at most 254 characters. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email);
}

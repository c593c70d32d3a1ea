/** Lower-cased and trimmed: the one form e-mails are stored and compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// The original platform's single-address pattern (text, at-sign, domain with a dot and a TLD).
const EMAIL = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,63}$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL.test(email);
}

export { isValidEmail } from '../../common/mailing-schema';

/** Lower-cased and trimmed: the one form e-mails are stored and compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

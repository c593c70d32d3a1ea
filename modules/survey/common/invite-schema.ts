import { array, number, object, string } from 'yup';
import { EMAIL_RE } from '@platform/common';

export const INVITE_MAX = 200;

/** The back office's invitation form: a survey and up to 200 addresses, each a valid e-mail. */
export const inviteSchema = object({
  survey_id: number().integer().min(1).max(2 ** 31 - 1).required(),
  emails: array(string().trim().max(254).matches(EMAIL_RE, 'Not an e-mail address: ${value}').required())
    .min(1, 'Give at least one e-mail address.').max(INVITE_MAX, `At most ${INVITE_MAX} addresses at once.`).required(),
});

/** A textarea's addresses, split on commas, semicolons, spaces and lines. */
export function splitEmails(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
}

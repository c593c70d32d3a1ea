import { AccessError } from '@platform/core';
import type { Env } from '@platform/orm';

/** The people who see the outbox and the mail log and set the senders; administrators too. */
export const MAIL_ADMIN = 'mail.group_mail_admin';
export const MAIL_ADMIN_GROUPS = [MAIL_ADMIN, 'base.group_system'];

export function isMailAdmin(env: Env): boolean {
  return env.isSuperuser || MAIL_ADMIN_GROUPS.some((g) => env.hasGroup(g));
}

/** What a caller who is no mail administrator is refused with (routes declare it with the groups). */
export const MAIL_ADMIN_REFUSAL = 'Only mail administrators can do this.';

/** The services' first check, before any read. */
export function requireMailAdmin(env: Env): void {
  if (!isMailAdmin(env)) throw new AccessError(MAIL_ADMIN_REFUSAL);
}

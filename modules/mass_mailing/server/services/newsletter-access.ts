import { AccessError } from '@platform/core';
import type { Env } from '@platform/orm';

/** The group of the people who run the newsletter (lists, contacts, mailings); administrators too. */
export const NEWSLETTER_USER = 'mass_mailing.group_mass_mailing_user';
const ADMIN = 'base.group_system';
/** The groups the newsletter's back-office routes are for (they declare them), and what the others are told. */
export const NEWSLETTER_GROUPS = [NEWSLETTER_USER, ADMIN];
export const NEWSLETTER_REFUSAL = 'Only newsletter users can do this.';

export function isNewsletterUser(groups: ReadonlySet<string>): boolean {
  return groups.has(NEWSLETTER_USER) || groups.has(ADMIN);
}

/** Refuses anyone but newsletter users and administrators (the routes' first check, before any read). */
export function requireNewsletterUser(env: Env): void {
  if (!env.isSuperuser && !isNewsletterUser(env.user.groups)) throw new AccessError(NEWSLETTER_REFUSAL);
}

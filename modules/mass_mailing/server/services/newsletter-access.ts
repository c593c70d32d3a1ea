import { AccessError } from '@platform/core';
import type { Env } from '@platform/orm';

/** The group of the people who run the newsletter (lists, contacts, mailings); administrators too. */
export const NEWSLETTER_USER = 'mass_mailing.group_mass_mailing_user';
const ADMIN = 'base.group_system';

export function isNewsletterUser(groups: ReadonlySet<string>): boolean {
  return groups.has(NEWSLETTER_USER) || groups.has(ADMIN);
}

/** Refuses anyone but newsletter users and administrators (the routes' first check, before any read). */
export function requireNewsletterUser(env: Env): void {
  if (!env.isSuperuser && !isNewsletterUser(env.user.groups)) throw new AccessError('Only newsletter users can do this.');
}

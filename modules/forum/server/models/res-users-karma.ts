import { AccessError, ValidationError } from '@platform/core';
import { type Env, extendModel, fields } from '@platform/orm';
import { KARMA_TRACKING_MODEL } from './forum-karma-tracking';

const ADMINS = 'base.group_system';
const KARMA_LIMIT = 1_000_000_000;

/**
 * Karma on users (its column comes with the forum's migration). The forum's services change it after
 * the events that earn or cost it (`updateColumns`: an increment in SQL, without this hook). Through the ORM only administrators
 * set it (as the original platform lets them), and each change they make is logged as a
 * forum.karma.tracking record (old and new value, who, when).
 */
export const ResUsersKarma = extendModel('res.users', {
  karma: fields.integer({ default: 0, string: 'Karma' }),
}, { beforeWrite: [logKarmaChange] });

/** Refuses a karma write by anyone but administrators (and server code), and logs what it changes. */
async function logKarmaChange(env: Env, ids: number[], vals: Record<string, unknown>): Promise<void> {
  if (!('karma' in vals)) return;
  if (!env.hasGroup(ADMINS)) throw new AccessError('Only administrators may set a user\'s karma.');
  const karma = vals.karma;
  if (typeof karma !== 'number' || !Number.isInteger(karma) || Math.abs(karma) > KARMA_LIMIT) {
    throw new ValidationError(`Karma is a whole number between -${KARMA_LIMIT} and ${KARMA_LIMIT}.`);
  }
  const before = (await env.sudo().model('res.users').search_read([['id', 'in', ids]], ['karma'])).map((u) => ({ id: Number(u.id), karma: u.karma as number | null }));
  const changed = before.filter((u) => Number(u.karma ?? 0) !== karma);
  if (!changed.length) return;
  // As the superuser (nobody writes these records through the ORM); create_uid is still the caller.
  const log = env.sudo().model(KARMA_TRACKING_MODEL);
  for (const u of changed) await log.create({ user_id: u.id, old_value: Number(u.karma ?? 0), new_value: karma });
}

import { injectable } from 'inversify';
import { MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { KARMA_FIELDS, type KarmaThreshold } from '../../common/karma-rules';
import type { ForumRules } from '../../common/page-props';
import { FORUM_MODEL } from '../models/forum-forum';
import { KarmaError } from './karma-error';

const USERS_MODEL = 'res.users';

/** The forum.forum fields ForumRules is made of (pages read them with the rest of the forum in one query). */
export const RULE_FIELDS = ['name', 'allow_question', 'allow_link', 'allow_discussion', 'allow_bump', ...KARMA_FIELDS];

export function rulesFromRow(row: Record<string, unknown>): ForumRules {
  const rules: Record<string, unknown> = { id: Number(row.id), name: String(row.name) };
  for (const f of KARMA_FIELDS) rules[f] = Number(row[f]);
  for (const f of ['allow_question', 'allow_link', 'allow_discussion', 'allow_bump']) rules[f] = Boolean(row[f]);
  return rules as unknown as ForumRules;
}

/**
 * Reads and changes users' karma, and checks a user against a forum's thresholds. Karma is written
 * with an increment in SQL (two votes landing together both count), never below what the events give.
 * It is the forum's field on base's users, so it goes through the res.users model, not its table:
 * without the write hook, which logs only administrators' changes.
 */
@injectable()
export class ForumKarma {
  async rules(env: Env, forumId: number): Promise<ForumRules> {
    const [row] = await env.model(FORUM_MODEL).read([forumId], RULE_FIELDS).catch(() => []);
    if (!row) throw new MissingError('This forum does not exist.');
    return rulesFromRow(row);
  }

  async of(env: Env, uid: number): Promise<number> {
    // As the superuser: karma is shown to everyone, whatever the rules on users say.
    const [row] = await env.sudo().model(USERS_MODEL).search_read([['id', '=', uid]], ['karma']);
    return row ? Number(row.karma) : 0;
  }

  /** Throws the karma message when `karma` is under the threshold (thresholds are inclusive). */
  require(karma: number, rules: ForumRules, threshold: KarmaThreshold): void {
    if (karma < rules[threshold]) throw new KarmaError(rules[threshold]);
  }

  /** Whether the user may act with this threshold; the superuser always may. */
  allows(env: Env, karma: number, rules: ForumRules, threshold: KarmaThreshold): boolean {
    return env.isSuperuser || karma >= rules[threshold];
  }

  async add(env: Env, uid: number, delta: number): Promise<void> {
    if (delta === 0) return;
    await env.sudo().model(USERS_MODEL).updateColumns([uid], { increment: { karma: delta } });
  }

  /** Gives `karma` to a user who still has `onlyFrom` (when given); whether it did. */
  async set(env: Env, uid: number, karma: number, onlyFrom?: number): Promise<boolean> {
    return await env.sudo().model(USERS_MODEL).updateColumns([uid], { set: { karma }, ...(onlyFrom === undefined ? {} : { onlyIf: { karma: onlyFrom } }) }) > 0;
  }
}

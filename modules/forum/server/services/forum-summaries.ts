import { inject, injectable } from 'inversify';
import { TableReadCache, WriteSignal } from '@platform/http';
import { type Env, EnvFactory } from '@platform/orm';
import type { ForumRules, ForumSummary, Sorting } from '../../common/page-props';
import { FORUM_MODEL } from '../models/forum-forum';
import { rulesFromRow, RULE_FIELDS } from './forum-karma';

export type ForumWithRules = ForumSummary & { rules: ForumRules };

const FIELDS = ['description', 'welcome_message', 'default_order', ...RULE_FIELDS];

/**
 * A forum's row (texts in a language, karma rules) as stored, read once as the superuser per forum and
 * language and kept until `forum_forum` is written. It says nothing of who may see the forum: a caller
 * checks that with the reader's rules (the question page does, in the query of the reader's votes).
 */
@injectable()
export class ForumSummaries {
  private readonly cache: TableReadCache<ForumWithRules | null>;

  constructor(@inject(WriteSignal) signal: WriteSignal, @inject(EnvFactory) private readonly envs: EnvFactory) {
    this.cache = new TableReadCache(signal, ['forum_forum'], 1000);
  }

  /** The active forum `forumId` in the caller's language, or null. Inside a transaction, read directly. */
  stored(env: Env, forumId: number): Promise<ForumWithRules | null> {
    if (env.inTransaction) return this.read(env.sudo(), forumId);
    // Shared by the requests waiting for it: read on no request's behalf.
    return this.cache.get(`${forumId}:${env.lang}`, () => this.read(this.envs.superuser(env.lang), forumId));
  }

  private async read(sudo: Env, forumId: number): Promise<ForumWithRules | null> {
    const [row] = await sudo.model(FORUM_MODEL).search_read([['id', '=', forumId]], FIELDS, { limit: 1 });
    if (!row) return null;
    return {
      id: forumId, name: String(row.name), description: String(row.description ?? ''), welcomeMessage: String(row.welcome_message ?? ''),
      defaultOrder: row.default_order as Sorting, rules: rulesFromRow(row),
    };
  }
}

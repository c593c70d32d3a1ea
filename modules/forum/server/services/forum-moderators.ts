import { inject, injectable } from 'inversify';
import { People } from '@platform/base';
import type { Env } from '@platform/orm';
import { BusService, partnerChannel } from '@modules/bus';
import { FORUM_MODEL } from '../models/forum-forum';
import { RULE_FIELDS, rulesFromRow } from './forum-karma';
import type { ForumRules } from '../../common/page-props';

/** One moderator of a forum: an active user whose karma reaches its karma_moderate. */
export interface Moderator { uid: number; partnerId: number; name: string; email: string | null; lang: string | null }

/** The bus message a moderator gets when a post starts waiting for validation. */
export interface PendingPostMessage {
  type: 'forum.pending';
  pending: { forumId: number; forumName: string; postId: number; title: string; author: string; path: string };
}

/**
 * Who moderates which forum (karma_moderate, as the queues check it), and telling them: a new post
 * waiting for validation is pushed on each moderator's bus channel once its transaction committed
 * (the back office's queue and the forum pages show it at once).
 */
@injectable()
export class ForumModerators {
  constructor(@inject(BusService) private readonly bus: BusService, @inject(People) private readonly people: People) {}

  /** The active forums and their rules (read as the server: the digest job and the back office list them all). */
  async forums(env: Env): Promise<ForumRules[]> {
    const rows = await env.sudo().model(FORUM_MODEL).search_read([['active', '=', true]], RULE_FIELDS, { order: 'id' });
    return rows.map(rulesFromRow);
  }

  /** The moderators of forums with these thresholds, in one query (the lowest threshold), each with the forums they moderate. */
  async of(env: Env, forums: ForumRules[]): Promise<Array<Moderator & { forumIds: number[] }>> {
    if (!forums.length) return [];
    const lowest = Math.min(...forums.map((f) => f.karma_moderate));
    const rows: Array<Record<string, unknown>> = await env.db.from(this.people.usersView(env.db, ['partner_id', 'karma', 'active']).as('u'))
      .join(this.people.partnersView(env.db, ['name', 'email', 'lang']).as('mp'), 'mp.id', 'u.partner_id')
      .where('u.karma', '>=', lowest).andWhere('u.active', true)
      .select('u.id', 'u.partner_id', 'u.karma', 'mp.name as pname', 'mp.email as pemail', 'mp.lang as plang')
      .orderBy('u.id');
    return rows.map((r) => ({
      uid: Number(r.id), partnerId: Number(r.partner_id), name: String(r.pname ?? ''), email: r.pemail ? String(r.pemail) : null, lang: r.plang ? String(r.plang) : null,
      forumIds: forums.filter((f) => Number(r.karma) >= f.karma_moderate).map((f) => f.id),
    }));
  }

  /** After the commit: each moderator of the post's forum (but its author) hears of the post waiting for them. */
  async announcePending(env: Env, forum: ForumRules, post: { id: number; title: string; authorUid: number; author: string; path: string }): Promise<void> {
    const moderators = (await this.of(env, [forum])).filter((m) => m.uid !== post.authorUid);
    if (!moderators.length) return;
    const message: PendingPostMessage = {
      type: 'forum.pending',
      pending: { forumId: forum.id, forumName: forum.name, postId: post.id, title: post.title, author: post.author, path: post.path },
    };
    await this.bus.sendMany(moderators.map((m): [string, unknown] => [partnerChannel(m.partnerId), message]));
  }
}

import { inject, injectable } from 'inversify';
import { type Domain, MissingError, UserError } from '@platform/core';
import { utcText } from '@platform/common';
import type { Env } from '@platform/orm';
import type { PostedOn } from '@modules/website_mail';
import { POST_MODEL } from '../models/forum-post';
import { REASON_MODEL } from '../models/forum-post-reason';
import { ForumKarma } from './forum-karma';
import type { ForumRules, QueueItem, QueueType } from '../../common/page-props';
import { ForumNotifications } from './forum-notifications';
import { ForumPostService } from './forum-post-service';
import { PostCounts } from './post-counts';

const m2o = (v: unknown): [number, string] | null => (Array.isArray(v) ? [Number(v[0]), String(v[1] ?? '')] : null);

/** The posts each queue holds (reference 1.5: pending; flagged; offensive and archived). */
const QUEUE_DOMAINS: Record<QueueType, Domain> = {
  validation: [['state', '=', 'pending'], ['active', '=', true]],
  flagged: [['state', '=', 'flagged'], ['active', '=', true]],
  offensive: [['state', '=', 'offensive'], ['active', '=', false]],
};
export const QUEUE_SIZE = 100;

/**
 * The moderators' queues (karma_moderate): the posts waiting for validation, the flagged ones and the
 * offensive ones, and marking a post offensive with a reason, which costs its author 100 karma
 * (karma_gen_answer_flagged) and archives it; validating an offensive post gives the karma back.
 */
@injectable()
export class ForumModeration {
  constructor(
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(ForumPostService) private readonly posts: ForumPostService,
    @inject(ForumNotifications) private readonly notifications: ForumNotifications,
    @inject(PostCounts) private readonly counts: PostCounts,
  ) {}

  /** Whether the caller moderates this forum (karma_moderate; the superuser always). */
  async isModerator(env: Env, forumId: number): Promise<boolean> {
    const rules = await this.karma.rules(env, forumId);
    return this.moderates(env, await this.karma.of(env, env.uid), rules);
  }

  /** `isModerator` for a page that has read the caller's karma and the forum's rules already (no query). */
  moderates(env: Env, karma: number, rules: ForumRules): boolean {
    return this.karma.allows(env, karma, rules, 'karma_moderate');
  }

  /**
   * A queue's posts, oldest first, in one query (read as the superuser once the caller is known to
   * moderate): of one forum (its page) or of several (the back office's queue of all the caller's forums).
   */
  async queue(env: Env, forumIds: number | number[], type: QueueType): Promise<Array<QueueItem & { forumId: number }>> {
    const rows = await env.sudo().model(POST_MODEL).search_read(
      [['forum_id', 'in', Array.isArray(forumIds) ? forumIds : [forumIds]], ...QUEUE_DOMAINS[type]],
      ['name', 'plain_content', 'create_uid', 'parent_id', 'flag_user_id', 'closed_reason_id', 'forum_id'],
      { limit: QUEUE_SIZE, order: 'write_date, id' },
    );
    return rows.map((r) => {
      const parent = m2o(r.parent_id);
      return {
        id: Number(r.id), forumId: m2o(r.forum_id)?.[0] ?? 0, questionId: parent?.[0] ?? Number(r.id), name: parent ? parent[1] : String(r.name ?? ''),
        excerpt: String(r.plain_content ?? '').slice(0, 200), authorName: m2o(r.create_uid)?.[1] ?? '',
        flaggedBy: m2o(r.flag_user_id)?.[1] ?? null, reason: m2o(r.closed_reason_id)?.[1] ?? null,
      };
    });
  }

  /** The reasons a post may be marked offensive. */
  async offensiveReasons(env: Env): Promise<Array<{ id: number; name: string }>> {
    const rows = await env.model(REASON_MODEL).search_read([['reason_type', '=', 'offensive']], ['name'], { limit: 50 });
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
  }

  /**
   * Validates (publishes, unflags or restores) or refuses a queued post. Validating an offensive post
   * gives its author back the karma marking it took; an answer counts on its question again (the
   * counts follow every decision: see PostCounts).
   */
  async decide(env: Env, postId: number, decision: 'validate' | 'refuse', on?: PostedOn): Promise<void> {
    const news = await env.transaction(async (tx) => {
      const before = await this.posts.post(tx, postId);
      const { news } = await this.posts.moderateIn(tx, postId, decision, on);
      if (before.state !== 'offensive' || decision !== 'validate') return news;
      const rules = await this.karma.rules(tx, before.forum_id);
      if (before.author) await this.karma.add(tx, before.author, -rules.karma_gen_answer_flagged);
      return news;
    });
    // Once committed: followers are told of a question that now exists for them.
    await this.notifications.announce(news);
  }

  /** Marks an active or flagged post offensive for an offensive reason: author -100, post archived. */
  async markOffensive(env: Env, postId: number, reasonId: number): Promise<void> {
    await env.transaction(async (tx) => {
      const post = await this.posts.post(tx, postId);
      const rules = await this.karma.rules(tx, post.forum_id);
      this.karma.require(await this.karma.of(tx, tx.uid), rules, 'karma_moderate');
      const [reason] = await tx.model(REASON_MODEL).search_read([['id', '=', reasonId], ['reason_type', '=', 'offensive']], ['id'], { limit: 1 });
      if (!reason) throw new MissingError('Choose one of the offensive reasons.');
      if (!post.active || !['active', 'flagged', 'close', 'pending'].includes(post.state)) throw new UserError('This post cannot be marked as offensive.');
      await tx.sudo().model(POST_MODEL).write([postId], {
        state: 'offensive', active: false, moderator_id: tx.uid, closed_reason_id: reasonId, closed_uid: tx.uid, closed_date: utcText(new Date()),
      });
      if (post.author) await this.karma.add(tx, post.author, rules.karma_gen_answer_flagged);
      if (post.parent_id !== null && post.is_correct) await tx.sudo().model(POST_MODEL).write([post.parent_id], { has_validated_answer: false });
      await this.counts.afterChange(tx, post);
    });
  }
}

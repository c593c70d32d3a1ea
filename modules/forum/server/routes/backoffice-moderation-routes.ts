import { inject, injectable } from 'inversify';
import type { RateLimit, RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import type { QueueType } from '../../common/page-props';
import { type BackofficeQueue, decideParams, offensiveParams, queueParams } from '../../common/backoffice-queues';
import { forumPath, questionPath } from '../../common/forum-urls';
import { ForumKarma } from '../services/forum-karma';
import { ForumModeration } from '../services/forum-moderation';
import { ForumModerators } from '../services/forum-moderators';
import { ForumNotifications } from '../services/forum-notifications';

const MODERATE_LIMIT: RateLimit = { name: 'forum.moderate', limit: 120, perAccount: 120, windowSeconds: 60 };

/**
 * The calls of the back office's moderation queues: a queue across every forum the caller moderates
 * (karma_moderate; none for others), and the decisions on one of its posts: validate, refuse, mark
 * offensive. The services check the caller's karma on the post's forum again: a non-moderator's call
 * is refused (AccessError) and writes nothing.
 */
@injectable()
export class BackofficeModerationRoutes implements RouteContribution {
  constructor(
    @inject(ForumModeration) private readonly moderation: ForumModeration,
    @inject(ForumModerators) private readonly moderators: ForumModerators,
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(ForumNotifications) private readonly notifications: ForumNotifications,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/forum/moderation/queue', type: 'json', auth: 'user', params: queueParams,
        handler: (req: RequestContext<{ type: QueueType }>) => this.queue(req, req.params.type),
      },
      {
        path: '/forum/moderation/decide', type: 'json', auth: 'user', params: decideParams, rateLimit: MODERATE_LIMIT,
        handler: async (req: RequestContext<{ post_id: number; decision: 'validate' | 'refuse' }>) => {
          await this.moderation.decide(req.env, req.params.post_id, req.params.decision, await this.notifications.postedOn(req));
          return true;
        },
      },
      {
        path: '/forum/moderation/mark_offensive', type: 'json', auth: 'user', params: offensiveParams, rateLimit: MODERATE_LIMIT,
        handler: async (req: RequestContext<{ post_id: number; reason_id: number }>) => {
          await this.moderation.markOffensive(req.env, req.params.post_id, req.params.reason_id);
          return true;
        },
      },
    ];
  }

  /** The queue's posts of the forums the caller moderates, oldest first, with the offensive reasons. */
  private async queue(req: RequestContext, type: QueueType): Promise<BackofficeQueue> {
    const karma = await this.karma.of(req.env, req.env.uid);
    const forums = (await this.moderators.forums(req.env)).filter((f) => this.moderation.moderates(req.env, karma, f));
    if (!forums.length) return { forums: [], items: [], reasons: [] };
    const byId = new Map(forums.map((f) => [f.id, f]));
    const items = await this.moderation.queue(req.env, forums.map((f) => f.id), type);
    return {
      forums: forums.map((f) => ({ id: f.id, name: f.name })),
      items: items.map((i) => {
        const forum = byId.get(i.forumId)!;
        return { ...i, forumName: forum.name, path: type === 'offensive' ? forumPath(forum) : questionPath(forum, { id: i.questionId, name: i.name }) };
      }),
      reasons: type === 'flagged' || type === 'validation' ? await this.moderation.offensiveReasons(req.env) : [],
    };
  }
}

import { inject, injectable } from 'inversify';
import { MissingError, UserError } from '@platform/core';
import type { RateLimit, RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { moderationQueuePage, offensiveFormPage, QUEUE_PATHS } from '../../web/pages/moderation-queue-page';
import { ForumKarma } from '../services/forum-karma';
import { ForumModeration } from '../services/forum-moderation';
import type { QueueType } from '../../common/page-props';
import { forumSession } from '../services/forum-session';
import { ForumNotifications } from '../services/forum-notifications';
import { ForumPagesData } from '../services/forum-pages-data';
import { redirectTo } from './redirect';
import { slugId } from './slug';
import { forumPath } from '../../common/forum-urls';
import { PostOfForum } from '../services/post-of-forum';

const MODERATE_LIMIT: RateLimit = { name: 'forum.moderate', limit: 120, perAccount: 120, windowSeconds: 60 };
const QUEUE_TYPES = Object.keys(QUEUE_PATHS) as QueueType[];

/**
 * The moderators' queues (reference 1.5: validation_queue, flagged_queue, offensive_posts; 404 under
 * karma_moderate), the decisions on a queued post (validate, refuse) and marking a post offensive with
 * a reason. Decisions are form posts with a CSRF token; one that fails comes back to its queue, where
 * the post shows in red with the reason (SPEC 8).
 */
@injectable()
export class ModerationRoutes implements RouteContribution {
  constructor(
    @inject(ForumPagesData) private readonly data: ForumPagesData,
    @inject(ForumModeration) private readonly moderation: ForumModeration,
    @inject(PostOfForum) private readonly postsOfForum: PostOfForum,
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(ForumNotifications) private readonly notifications: ForumNotifications,
  ) {}

  routes(): RouteDefinition[] {
    return [
      ...QUEUE_TYPES.map((type): RouteDefinition => ({
        path: `/forum/:forum/${QUEUE_PATHS[type]}`, type: 'http', auth: 'user',
        handler: async (req) => {
          const forum = await this.moderatedForum(req);
          const failure = forumSession.takeQueueFailure(req);
          return moderationQueuePage({
            forumName: forum.name, base: this.base(forum), type, items: await this.moderation.queue(req.env, forum.id, type),
            csrfToken: req.csrfToken(), failure,
          });
        },
      })),
      ...(['validate', 'refuse'] as const).map((decision): RouteDefinition => ({
        path: `/forum/:forum/post/:post/${decision}`, type: 'http', auth: 'user', methods: ['POST'], rateLimit: MODERATE_LIMIT,
        handler: async (req) => {
          const forum = await this.moderatedForum(req);
          const wanted = String(req.params.queue_type ?? '') as QueueType;
          const queue = QUEUE_TYPES.includes(wanted) ? wanted : 'validation';
          const postId = slugId(req.pathParams.post);
          try {
            await this.postsOfForum.facts(req.env, forum.id, postId);
            await this.moderation.decide(req.env, postId, decision, await this.notifications.postedOn(req));
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            forumSession.setQueueFailure(req, { id: postId, message: err.message });
          }
          redirectTo(req, `${this.base(forum)}/${QUEUE_PATHS[queue]}`);
        },
      })),
      {
        path: '/forum/:forum/post/:post/ask_for_mark_as_offensive', type: 'http', auth: 'user',
        handler: async (req) => offensiveFormPage(await this.offensiveForm(req)),
      },
      {
        path: '/forum/:forum/post/:post/mark_as_offensive', type: 'http', auth: 'user', methods: ['POST'], rateLimit: MODERATE_LIMIT,
        handler: async (req) => {
          const form = await this.offensiveForm(req);
          const reasonId = /^\d{1,9}$/.test(String(req.params.reason_id ?? '')) ? Number(req.params.reason_id) : 0;
          try {
            await this.moderation.markOffensive(req.env, form.postId, reasonId);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            return offensiveFormPage({ ...form, error: err.message });
          }
          redirectTo(req, `${form.base}/flagged_queue`);
        },
      },
    ];
  }

  /** The forum of the path, once the caller is known to moderate it (404 otherwise, as the reference). */
  private async moderatedForum(req: RequestContext) {
    const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
    if (!(await this.moderation.isModerator(req.env, forum.id))) throw new MissingError('This page does not exist.');
    return forum;
  }

  private async offensiveForm(req: RequestContext) {
    const forum = await this.moderatedForum(req);
    const post = await this.postsOfForum.facts(req.env, forum.id, slugId(req.pathParams.post));
    const [row] = await req.env.sudo().model('forum.post').read([post.id], ['name', 'parent_id', 'plain_content']);
    const name = String(row.name || (Array.isArray(row.parent_id) ? row.parent_id[1] : '') || '');
    const rules = await this.karma.rules(req.env, forum.id);
    return {
      forumName: forum.name, base: this.base(forum), postId: post.id, postName: `${name} — ${String(row.plain_content ?? '').slice(0, 200)}`,
      reasons: await this.moderation.offensiveReasons(req.env), penalty: rules.karma_gen_answer_flagged, csrfToken: req.csrfToken(),
    };
  }

  private base(forum: { id: number; name: string }): string {
    return forumPath(forum);
  }
}

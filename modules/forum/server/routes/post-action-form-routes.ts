import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { RateLimit, RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { ForumPostService } from '../services/forum-post-service';
import { ForumVotes } from '../services/forum-votes';
import { KarmaError } from '../services/karma-error';
import { forumSession } from '../services/forum-session';
import { ACCEPT_LIMIT, FAVOURITE_LIMIT, FLAG_LIMIT, VOTE_LIMIT } from './post-action-routes';
import { redirectTo } from './redirect';
import { slugId } from './slug';
import { PostOfForum } from '../services/post-of-forum';
import { ForumPagesData } from '../services/forum-pages-data';
import { forumPath, questionPath } from '../../common/forum-urls';

/** What the JSON calls answer as `{error}` codes, as the buttons say them. */
const ERRORS: Record<string, string> = {
  own_post: 'Sorry, you cannot vote for your own posts',
  post_already_flagged: 'This post is already flagged',
  post_non_flaggable: 'This post can not be flagged',
};

type Action = (req: RequestContext, postId: number) => Promise<unknown>;

/**
 * The question page's buttons without JavaScript: each is a form posting here (CSRF token) with the
 * same rules as the JSON calls the island makes (same service, same karma checks, same rate-limit
 * budget), then back to the post on the question page, under the language prefix it was posted with.
 * A refusal (karma, own post, already flagged) is shown there once, next to the post's buttons.
 * Visitors' buttons are links to the sign-in page instead (a cached page has no CSRF token).
 */
@injectable()
export class PostActionFormRoutes implements RouteContribution {
  constructor(
    @inject(ForumPostService) private readonly posts: ForumPostService,
    @inject(ForumVotes) private readonly votes: ForumVotes,
    @inject(PostOfForum) private readonly postsOfForum: PostOfForum,
    @inject(ForumPagesData) private readonly data: ForumPagesData,
  ) {}

  routes(): RouteDefinition[] {
    const form = (path: string, rateLimit: RateLimit, action: Action): RouteDefinition => ({
      path, type: 'http', auth: 'user', methods: ['POST'], rateLimit,
      handler: (req) => this.run(req, action),
    });
    return [
      form('/forum/:forum/post/:post/upvote/form', VOTE_LIMIT, (req, id) => this.votes.vote(req.env, id, 'up')),
      form('/forum/:forum/post/:post/downvote/form', VOTE_LIMIT, (req, id) => this.votes.vote(req.env, id, 'down')),
      form('/forum/:forum/post/:post/toggle_correct/form', ACCEPT_LIMIT, (req, id) => this.votes.toggleCorrect(req.env, id)),
      form('/forum/:forum/post/:post/flag/form', FLAG_LIMIT, (req, id) => this.posts.flag(req.env, id)),
      form('/forum/:forum/question/:post/toggle_favourite/form', FAVOURITE_LIMIT, (req, id) => this.votes.toggleFavourite(req.env, id)),
    ];
  }

  private async run(req: RequestContext, action: Action): Promise<void> {
    // The post must be one the caller sees, in the forum of the path (as the JSON calls check).
    const { id: postId, questionId } = await this.postsOfForum.visibleWithQuestion(req.env, slugId(req.pathParams.forum), slugId(req.pathParams.post));
    try {
      const answer = await action(req, postId);
      const error = (answer as { error?: string } | null)?.error;
      if (error) forumSession.setActionNotice(req, { postId, message: ERRORS[error] ?? error });
    } catch (err) {
      if (!(err instanceof UserError)) throw err;
      forumSession.setActionNotice(req, { postId, message: err.message, ...(err instanceof KarmaError ? { karma: err.needed } : {}) });
    }
    // A question the caller just flagged has left what they may read: back to its forum then.
    const visible = await req.env.model('forum.post').search_count([['id', '=', questionId]]);
    // Its canonical URL (forum-urls.ts), whatever words the request's forum segment had before the id.
    const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
    redirectTo(req, visible ? `${questionPath(forum, { id: questionId })}#post-${postId}` : forumPath(forum));
  }

}

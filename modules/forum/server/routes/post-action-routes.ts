import { inject, injectable } from 'inversify';
import { object } from 'yup';
import type { RateLimit, RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { ForumPostService } from '../services/forum-post-service';
import { ForumVotes } from '../services/forum-votes';
import { slugId } from './slug';
import { PostOfForum } from '../services/post-of-forum';

const NO_PARAMS = object({});

/** Votes are cheap clicks; flags are rarer and weigh more: each has its own budget per account and address. */
/** (Shared with the buttons' plain forms, PostActionFormRoutes: one budget whichever way they are pressed.) */
export const VOTE_LIMIT: RateLimit = { name: 'forum.vote', limit: 60, perAccount: 60, windowSeconds: 60 };
export const ACCEPT_LIMIT: RateLimit = { name: 'forum.accept', limit: 30, perAccount: 30, windowSeconds: 60 };
export const FLAG_LIMIT: RateLimit = { name: 'forum.flag', limit: 20, perAccount: 20, windowSeconds: 3600 };
export const FAVOURITE_LIMIT: RateLimit = { name: 'forum.favourite', limit: 60, perAccount: 60, windowSeconds: 60 };

/**
 * The question page's buttons (SPEC 7: posted with an empty payload to their own href): vote, accept,
 * favourite, flag. Visitors get `{error: 'anonymous_user'}` where the original platform answered so;
 * karma shortfalls are AccessErrors whose message the browser shows as is.
 */
@injectable()
export class PostActionRoutes implements RouteContribution {
  constructor(
    @inject(ForumPostService) private readonly posts: ForumPostService,
    @inject(ForumVotes) private readonly votes: ForumVotes,
    @inject(PostOfForum) private readonly postsOfForum: PostOfForum,
  ) {}

  routes(): RouteDefinition[] {
    const json = (path: string, rateLimit: RateLimit, auth: 'public' | 'user', handler: (req: RequestContext, postId: number) => Promise<unknown>): RouteDefinition => ({
      path, type: 'json', auth, params: NO_PARAMS, rateLimit,
      handler: async (req) => handler(req, await this.postOf(req)),
    });
    return [
      json('/forum/:forum/post/:post/upvote', VOTE_LIMIT, 'public', (req, id) => (req.isPublic ? anonymous() : this.votes.vote(req.env, id, 'up'))),
      json('/forum/:forum/post/:post/downvote', VOTE_LIMIT, 'public', (req, id) => (req.isPublic ? anonymous() : this.votes.vote(req.env, id, 'down'))),
      json('/forum/:forum/post/:post/toggle_correct', ACCEPT_LIMIT, 'public', (req, id) => (req.isPublic ? anonymous() : this.votes.toggleCorrect(req.env, id))),
      json('/forum/:forum/post/:post/flag', FLAG_LIMIT, 'public', (req, id) => (req.isPublic ? anonymous() : this.posts.flag(req.env, id))),
      json('/forum/:forum/question/:post/toggle_favourite', FAVOURITE_LIMIT, 'user', (req, id) => this.votes.toggleFavourite(req.env, id)),
    ];
  }

  /** The post of the path, checked to belong to the forum of the path and readable by the caller. */
  private async postOf(req: RequestContext): Promise<number> {
    return this.postsOfForum.visible(req.env, slugId(req.pathParams.forum), slugId(req.pathParams.post));
  }
}

async function anonymous() {
  return { error: 'anonymous_user' as const };
}

import { injectable } from 'inversify';
import { MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { POST_MODEL } from '../models/forum-post';
import { readPostFacts, type PostFacts } from './post-facts';

/**
 * "The post of this forum": a URL names a forum and a post, and a post is only reachable through its
 * own forum's URLs (404 otherwise), so a forum's rules (karma thresholds, moderators) are never applied
 * to another forum's posts. One place for the routes' check.
 */
@injectable()
export class PostOfForum {
  /** The post's facts (read as the server: the service then checks the caller's karma and rights). */
  async facts(env: Env, forumId: number, postId: number): Promise<PostFacts> {
    const post = await readPostFacts(env, postId);
    if (post.forum_id !== forumId) throw new MissingError('This post does not exist.');
    return post;
  }

  /** The post's id, if the caller may read the post (a vote or a flag on a hidden post is a 404). */
  async visible(env: Env, forumId: number, postId: number): Promise<number> {
    const [id] = await env.model(POST_MODEL).search([['id', '=', postId], ['forum_id', '=', forumId]], { limit: 1 });
    if (!id) throw new MissingError('This post does not exist.');
    return id;
  }

  /** As `visible`, with the post's question (itself for a question): where a form post returns to. */
  async visibleWithQuestion(env: Env, forumId: number, postId: number): Promise<{ id: number; questionId: number }> {
    const [row] = await env.model(POST_MODEL).search_read([['id', '=', postId], ['forum_id', '=', forumId]], ['parent_id'], { limit: 1 });
    if (!row) throw new MissingError('This post does not exist.');
    return { id: postId, questionId: Array.isArray(row.parent_id) ? Number(row.parent_id[0]) : postId };
  }
}

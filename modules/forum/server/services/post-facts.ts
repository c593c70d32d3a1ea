import { MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { POST_MODEL } from '../models/forum-post';
import type { PostType } from '../../common/post-schemas';

/** The post's fields the rules look at. */
export interface PostFacts {
  id: number;
  forum_id: number;
  parent_id: number | null;
  author: number;
  state: string;
  active: boolean;
  is_correct: boolean;
  vote_count: number;
  child_count: number;
  post_type: PostType;
  write_date: string | null;
}

/** The id of a many2one value as the ORM reads it (`[id, name]`), or null. */
export const idOf = (v: unknown): number | null => (Array.isArray(v) ? Number(v[0]) : v == null || v === false ? null : Number(v));

/**
 * A post's facts, read as the server (the services check the caller's karma against them, and the
 * routes that the post is of the URL's forum); a MissingError (404) when there is no such post.
 */
export async function readPostFacts(env: Env, postId: number): Promise<PostFacts> {
  const [row] = await env.sudo().model(POST_MODEL).read([postId], ['forum_id', 'parent_id', 'create_uid', 'state', 'active', 'is_correct', 'vote_count', 'child_count', 'post_type', 'write_date']).catch(() => []);
  if (!row) throw new MissingError('This post does not exist.');
  return {
    id: postId, forum_id: idOf(row.forum_id)!, parent_id: idOf(row.parent_id), author: idOf(row.create_uid) ?? 0,
    state: String(row.state), active: Boolean(row.active), is_correct: Boolean(row.is_correct), vote_count: Number(row.vote_count),
    child_count: Number(row.child_count), post_type: row.post_type as PostType, write_date: row.write_date ? String(row.write_date) : null,
  };
}

import { injectable } from 'inversify';
import type { Env } from '@platform/orm';

/**
 * The counts stored on questions (`child_count`: its active answers) and tags (`posts_count`: the
 * active questions carrying it, as the original platform's tag counts) are computed from the posts in
 * one UPDATE with a COUNT subquery, never read, changed and written back.
 *
 * On PostgreSQL the counted row is locked first, in its own statement (callers that write rows pointing
 * at it lock it before, so every transaction takes its locks in the same order): the UPDATE's subquery then runs
 * on a snapshot taken after any other transaction counting the same row has committed, so two answers
 * posted at once both count (an UPDATE waiting for the row lock would otherwise re-check the row but
 * count with the snapshot it started with, missing the other answer). SQLite runs one writer at a time.
 */
@injectable()
export class PostCounts {
  /** Recounts a question's answers (archived and offensive ones do not count). */
  async answers(env: Env, questionId: number): Promise<void> {
    await this.lock(env, 'forum_post', [questionId]);
    await env.db('forum_post').where({ id: questionId }).update({
      child_count: env.db.raw('(SELECT COUNT(*) FROM forum_post c WHERE c.parent_id = forum_post.id AND c.active = ?)', [truth(env)]),
    });
  }

  /** Recounts tags from the questions that carry them and are active (published, not closed, flagged or deleted). */
  async tags(env: Env, tagIds: number[]): Promise<void> {
    const ids = [...new Set(tagIds)].sort((a, b) => a - b);
    if (!ids.length) return;
    await this.lock(env, 'forum_tag', ids);
    await env.db('forum_tag').whereIn('id', ids).update({
      posts_count: env.db.raw(
        "(SELECT COUNT(*) FROM forum_tag_rel r JOIN forum_post p ON p.id = r.forum_post_id WHERE r.forum_tag_id = forum_tag.id AND p.state = 'active' AND p.active = ?)",
        [truth(env)],
      ),
    });
  }

  /**
   * After a post's state or archiving changed: its question's answer count, or the tags of the
   * question itself (a question's answers are archived and restored with it).
   */
  async afterChange(env: Env, post: { id: number; parent_id: number | null }): Promise<void> {
    if (post.parent_id !== null) return this.answers(env, post.parent_id);
    const rows: Array<{ forum_tag_id: number }> = await env.db('forum_tag_rel').where({ forum_post_id: post.id }).select('forum_tag_id');
    await this.tags(env, rows.map((r) => Number(r.forum_tag_id)));
    await this.answers(env, post.id);
  }

  /**
   * Locks a post's row until the transaction ends (PostgreSQL), before counting what hangs on it (its
   * votes, its favourites), so a count taken next sees what another transaction counting it committed.
   */
  async lockPost(env: Env, postId: number): Promise<void> {
    await this.lock(env, 'forum_post', [postId]);
  }

  /**
   * FOR NO KEY UPDATE: the lock an UPDATE of these non-key counts takes anyway. (FOR UPDATE would also
   * wait for the KEY SHARE locks that inserting an answer or a vote takes on its post, and two such
   * transactions would then wait for each other.)
   */
  private async lock(env: Env, table: string, ids: number[]): Promise<void> {
    if (env.dialect === 'postgres') await env.db(table).whereIn('id', ids).orderBy('id').forNoKeyUpdate().select('id');
  }
}

/** A boolean as the column stores it. */
function truth(env: Env): boolean | number {
  return env.dialect === 'sqlite' ? 1 : true;
}

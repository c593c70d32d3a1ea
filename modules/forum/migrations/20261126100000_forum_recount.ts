import type { Knex } from 'knex';
import { knexDialect } from '@platform/db';

/**
 * Answer and tag counts were read, changed and written back (a lost update with two answers at once)
 * and tag counts were not recounted after moderation: both are counted again from the posts, as
 * PostCounts now keeps them.
 */
export async function up(knex: Knex): Promise<void> {
  const yes = knexDialect(knex) === 'postgres' ? true : 1;
  await knex('forum_post').whereNull('parent_id').update({
    child_count: knex.raw('(SELECT COUNT(*) FROM forum_post c WHERE c.parent_id = forum_post.id AND c.active = ?)', [yes]),
  });
  await knex('forum_tag').update({
    posts_count: knex.raw(
      "(SELECT COUNT(*) FROM forum_tag_rel r JOIN forum_post p ON p.id = r.forum_post_id WHERE r.forum_tag_id = forum_tag.id AND p.state = 'active' AND p.active = ?)",
      [yes],
    ),
  });
}

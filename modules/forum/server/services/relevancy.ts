import type { Env } from '@platform/orm';

/** A forum's relevancy settings (reference defaults 0.8 and 1.8). */
export interface RelevancySettings {
  postVote: number;
  timeDecay: number;
}

/**
 * The reference's relevancy of a post: sign(v)·|v−1|^postVote / (days+2)^timeDecay, v its vote count
 * (the sign of 0 counting as +), days the whole days since it was created. Stored on the post when it
 * is created and at each vote, so the "Relevance" sorting is a plain indexable column.
 */
export function relevancy(settings: RelevancySettings, votes: number, created: Date, now: Date): number {
  const days = Math.max(0, Math.floor((now.getTime() - created.getTime()) / 86_400_000));
  const sign = votes < 0 ? -1 : 1;
  return sign * (Math.abs(votes - 1) ** settings.postVote / (days + 2) ** settings.timeDecay);
}

export async function relevancySettings(env: Env, forumId: number): Promise<RelevancySettings> {
  const row = await env.db('forum_forum').where({ id: forumId }).first('relevancy_post_vote', 'relevancy_time_decay');
  return { postVote: Number(row?.relevancy_post_vote ?? 0.8), timeDecay: Number(row?.relevancy_time_decay ?? 1.8) };
}

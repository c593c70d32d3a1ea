import { inject, injectable } from 'inversify';
import { AccessError } from '@platform/core';
import type { Env } from '@platform/orm';
import { LOGIN_TO_VOTE_MESSAGE } from '../../common/slide-constants';
import { VOTE_MODEL } from '../models/slide-vote';
import { SlideAccess } from './slide-access';

/**
 * Likes and dislikes: one vote per user and slide, held by the unique index of slide_vote (two
 * requests racing each other: the second insert is refused with 'You have already voted for this
 * slide', and its transaction adds nothing to the counter). Visitors cannot vote.
 */
@injectable()
export class SlideVotes {
  constructor(@inject(SlideAccess) private readonly access: SlideAccess) {}

  /** Records the caller's vote and answers the slide's new count of likes (or dislikes). */
  async vote(env: Env, slideId: number, value: 1 | -1): Promise<number> {
    if (!this.access.signedIn(env)) throw new AccessError(LOGIN_TO_VOTE_MESSAGE);
    // Seeing the slide is the record rules' business: a slide the caller may not see is a 404.
    await this.access.slideChannelId(env, slideId);
    const column = value === 1 ? 'likes' : 'dislikes';
    return env.transaction(async (tx) => {
      await tx.sudo().model(VOTE_MODEL).create({ slide_id: slideId, user_id: env.uid, vote: String(value) });
      await tx.db('slide_slide').where({ id: slideId }).increment(column, 1);
      const row = await tx.db('slide_slide').where({ id: slideId }).first(column);
      return Number(row[column]);
    });
  }

  /** The caller's vote on a slide: 1, -1, or 0 when none. */
  async myVote(env: Env, slideId: number): Promise<number> {
    if (!this.access.signedIn(env)) return 0;
    const row = await env.db('slide_vote').where({ slide_id: slideId, user_id: env.uid }).first('vote');
    return row ? Number(row.vote) : 0;
  }
}

import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { Env } from '@platform/orm';
import { POST_MODEL } from '../models/forum-post';
import { VOTE_MODEL } from '../models/forum-post-vote';
import { ForumKarma } from './forum-karma';
import { PostCounts } from './post-counts';
import { readPostFacts, type PostFacts } from './post-facts';
import { relevancy, relevancySettings } from './relevancy';

export type VoteValue = -1 | 0 | 1;

/** What the vote calls answer: numbers (the original platform returned the user's vote as a string). */
export interface VoteResult {
  vote_count: number;
  user_vote: VoteValue;
}
export type VoteAnswer = VoteResult | { error: 'own_post' };

/**
 * What readers say of a post: votes, the accepted answer, favourites. Each checks the caller's karma
 * against the post's forum and writes as the superuser in one transaction with the karma it moves;
 * counts are taken from the rows under the post's lock, so two clicks at once both count.
 */
@injectable()
export class ForumVotes {
  constructor(
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(PostCounts) private readonly counts: PostCounts,
  ) {}

  /**
   * One click on an arrow, one step (-1 <-> 0 <-> +1): the up arrow raises the vote unless it is up
   * already (then withdraws it), the down arrow lowers it unless it is down (then withdraws it).
   * Raising needs the upvote karma, lowering the downvote karma, except that withdrawing one's own
   * upvote needs only the upvote karma (the original platform asked for the downvote karma there).
   */
  async vote(env: Env, postId: number, arrow: 'up' | 'down'): Promise<VoteAnswer> {
    return env.transaction(async (tx) => {
      // Votes on one post are counted one transaction after the other (PostCounts), the post locked first.
      await this.counts.lockPost(tx, postId);
      const post = await readPostFacts(tx, postId);
      if (post.author === tx.uid) return { error: 'own_post' as const };
      if (!post.active || !['active', 'close'].includes(post.state)) throw new UserError('This post cannot be voted on.');
      const rules = await this.karma.rules(tx, post.forum_id);
      const karma = await this.karma.of(tx, tx.uid);
      const votes = tx.sudo().model(VOTE_MODEL);
      const [row] = await votes.search_read([['post_id', '=', postId], ['user_id', '=', tx.uid]], ['vote'], { limit: 1 });
      const before = (row ? Number(row.vote) : 0) as VoteValue;
      const after: VoteValue = arrow === 'up' ? (before === 1 ? 0 : ((before + 1) as VoteValue)) : before === -1 ? 0 : ((before - 1) as VoteValue);
      this.karma.require(karma, rules, after > before || before === 1 ? 'karma_upvote' : 'karma_downvote');
      if (row) await votes.write([Number(row.id)], { vote: String(after) });
      else await votes.create({ post_id: postId, user_id: tx.uid, vote: String(after), forum_id: post.forum_id, recipient_id: post.author || null });
      const isAnswer = post.parent_id !== null;
      const gain = (v: VoteValue) => (v === 1 ? (isAnswer ? rules.karma_gen_answer_upvote : rules.karma_gen_question_upvote)
        : v === -1 ? (isAnswer ? rules.karma_gen_answer_downvote : rules.karma_gen_question_downvote) : 0);
      if (post.author) await this.karma.add(tx, post.author, gain(after) - gain(before));
      // Counted from the votes, not added to the figure read at the start: two votes at once both count.
      const [sum] = await tx.db('forum_post_vote').where({ post_id: postId }).select(tx.db.raw('COALESCE(SUM(CAST(vote AS INTEGER)), 0) AS n'));
      const voteCount = Number((sum as { n: unknown } | undefined)?.n ?? 0);
      const [created] = await tx.sudo().model(POST_MODEL).read([postId], ['create_date']);
      const createdAt = new Date(`${String(created?.create_date ?? '').replace(' ', 'T')}Z`);
      const score = relevancy(await relevancySettings(tx, post.forum_id), voteCount, Number.isNaN(createdAt.getTime()) ? new Date() : createdAt, new Date());
      await tx.sudo().model(POST_MODEL).write([postId], { vote_count: voteCount, relevancy: score });
      return { vote_count: voteCount, user_vote: after };
    });
  }

  /**
   * Marks an answer as the correct one (clearing the others) or unmarks it; returns the new mark.
   * The acceptor needs the accept karma (own question: 20, others': 500); when the acceptor is not the
   * answer's author, the author gets +15 and the acceptor +2 (taken back when unmarked).
   */
  async toggleCorrect(env: Env, answerId: number): Promise<boolean> {
    return env.transaction(async (tx) => {
      const answer = await readPostFacts(tx, answerId);
      if (answer.parent_id === null) throw new UserError('Only answers can be accepted.');
      const question = await readPostFacts(tx, answer.parent_id);
      const rules = await this.karma.rules(tx, answer.forum_id);
      const karma = await this.karma.of(tx, tx.uid);
      this.karma.require(karma, rules, question.author === tx.uid ? 'karma_answer_accept_own' : 'karma_answer_accept_all');
      const posts = tx.sudo().model(POST_MODEL);
      const mark = !answer.is_correct;
      const change = async (post: PostFacts, correct: boolean) => {
        await posts.write([post.id], { is_correct: correct });
        if (post.author && post.author !== tx.uid) {
          const sign = correct ? 1 : -1;
          await this.karma.add(tx, post.author, sign * rules.karma_gen_answer_accepted);
          await this.karma.add(tx, tx.uid, sign * rules.karma_gen_answer_accept);
        }
      };
      if (mark) {
        const others = await posts.search([['parent_id', '=', question.id], ['is_correct', '=', true], ['id', '!=', answerId]]);
        for (const other of others) await change(await readPostFacts(tx, other), false);
      }
      await change(answer, mark);
      await posts.write([question.id], { has_validated_answer: mark });
      return mark;
    });
  }

  /** Adds the post to the user's favourites or takes it out; returns whether it is one now. */
  async toggleFavourite(env: Env, postId: number): Promise<boolean> {
    return env.transaction(async (tx) => {
      await this.counts.lockPost(tx, postId);
      await readPostFacts(tx, postId);
      const posts = tx.sudo().model(POST_MODEL);
      const [row] = await posts.read([postId], ['favourite_ids']);
      const ids = (row.favourite_ids as number[]) ?? [];
      const favourite = !ids.includes(tx.uid);
      await posts.write([postId], { favourite_ids: [[favourite ? 4 : 3, tx.uid]] });
      // Counted after the change, not from the list read before it, under the post's lock: two users at once both count.
      const counted = await tx.db('forum_favourite_rel').where({ forum_post_id: postId }).count({ n: '*' }).first();
      await posts.write([postId], { favourite_count: Number(counted?.n ?? 0) });
      return favourite;
    });
  }
}

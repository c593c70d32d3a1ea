import { inject, injectable } from 'inversify';
import { MissingError, UserError, ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import { People } from '@platform/base';
import { utcText } from '@platform/common';
import { POST_MODEL } from '../models/forum-post';
import type { PostedOn } from '@modules/website_mail';
import { ForumKarma } from './forum-karma';
import type { ForumRules } from '../../common/page-props';
import { cleanPostHtml } from './content-rules';
import { ForumNotifications, type Announcement } from './forum-notifications';
import { invalidLinkMessage, normaliseLinkUrl } from './link-rules';
import { relevancy, relevancySettings } from './relevancy';
import { PostCounts } from './post-counts';
import { ForumPostTags } from './forum-post-tags';
import { plainText } from './plain-text';
import { readPostFacts, type PostFacts } from './post-facts';
import { ForumModerators } from './forum-moderators';
import { forumPath } from '../../common/forum-urls';
import type { PostType } from '../../common/post-schemas';

// Types the routes and pages import from here.
export { plainText } from './plain-text';

export type FlagAnswer = { success: 'post_flagged_moderator' | 'post_flagged_non_moderator' } | { error: 'post_already_flagged' | 'post_non_flaggable' };

export interface NewPost {
  post_type?: PostType;
  name?: string;
  content?: string;
  content_link?: string;
  /** The tag selector's text: names separated by commas, spaces or underscores. */
  tags?: string;
}

const BUMP_AFTER_DAYS = 9;
const PLAIN_CONTENT_SIZE = 500;
/** Closing for these reasons (offensive, spam) costs the author karma (reference 1.2: reason_7, reason_8). */
const PENALISED_REASONS = new Set(['forum.reason_7', 'forum.reason_8']);

/**
 * A post's life: written, flagged, bumped, closed and reopened, archived, moderated (votes are
 * ForumVotes', tags ForumPostTags'). Each method checks the caller's karma against the post's
 * forum, then writes as the superuser (the manifest gives users no write access to posts), inside one
 * transaction with the karma it gives or takes. The caller is `env.uid`, a signed-in user (routes
 * answer visitors before calling).
 */
@injectable()
export class ForumPostService {
  constructor(
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(ForumNotifications) private readonly notifications: ForumNotifications,
    @inject(PostCounts) private readonly counts: PostCounts,
    @inject(People) private readonly people: People,
    @inject(ForumPostTags) private readonly tags: ForumPostTags,
    @inject(ForumModerators) private readonly moderators: ForumModerators,
  ) {}

  /** The post's facts (read as the server), for the routes and the other services. */
  post(env: Env, postId: number): Promise<PostFacts> {
    return readPostFacts(env, postId);
  }

  /**
   * A question, link or discussion (`parentId` unset), or an answer to `parentId`. Returns its id.
   * The author follows their question (an answer's author, its question); an answer is told to the
   * question's other followers (mails linking
   * to `postedOn`'s site; none without it).
   */
  async create(env: Env, forumId: number, values: NewPost, opts: { parentId?: number; siteHost: string; postedOn?: PostedOn }): Promise<number> {
    let news: Announcement | null = null;
    // A question that waits for validation: its forum's moderators are told once it is committed.
    let waiting: { rules: ForumRules; title: string } | null = null;
    const created = await env.transaction(async (tx) => {
      const rules = await this.karma.rules(tx, forumId);
      const karma = await this.karma.of(tx, tx.uid);
      const isAnswer = opts.parentId !== undefined;
      let postType: PostType = values.post_type ?? 'question';
      let name = (values.name ?? '').trim();
      let contentLink: string | null = null;
      if (isAnswer) {
        // Answers to one question are counted one transaction after the other (PostCounts).
        await this.counts.lockPost(tx, opts.parentId!);
        const question = await readPostFacts(tx, opts.parentId!);
        if (question.parent_id !== null || question.forum_id !== forumId) throw new MissingError('This question does not exist.');
        if (!question.active || question.state === 'close') throw new UserError('Posting answer on a [Deleted] or [Closed] question is not possible');
        if (question.state !== 'active') throw new UserError('This question is not open for answers yet.');
        this.karma.require(karma, rules, 'karma_answer');
        postType = question.post_type;
        name = '';
      } else {
        if (!rules[`allow_${postType}`]) throw new UserError(`This forum does not allow ${postType}`);
        this.karma.require(karma, rules, 'karma_ask');
        if (!name) throw new ValidationError('Title should not be empty.');
        if (postType === 'link') {
          contentLink = normaliseLinkUrl(values.content_link ?? '');
          if (!contentLink) throw new ValidationError(invalidLinkMessage(`http://${opts.siteHost}`));
        }
      }
      // Links and pictures need the editor karma (inclusive: exactly 30 may); under it they are reduced to text.
      const content = cleanPostHtml(values.content ?? '', karma >= rules.karma_editor);
      if (!isAnswer && postType !== 'link' && !plainText(content)) throw new ValidationError('The question needs a text.');
      if (isAnswer && !plainText(content)) throw new ValidationError('The answer needs a text.');
      const tagIds = isAnswer ? [] : await this.tags.tagIds(tx, rules, karma, values.tags ?? '');
      const pending = !isAnswer && karma < rules.karma_post;
      const sudo = tx.sudo();
      const postId = await sudo.model(POST_MODEL).create({
        forum_id: forumId, parent_id: opts.parentId ?? null, post_type: postType, name: name || null, content,
        content_link: contentLink, state: pending ? 'pending' : 'active', tag_ids: [[6, 0, tagIds]], relevancy: relevancy(await relevancySettings(tx, forumId), 0, new Date(), new Date()),
      });
      const [written] = await sudo.model(POST_MODEL).read([postId], ['content']);
      await sudo.model(POST_MODEL).write([postId], { plain_content: plainText(String(written.content ?? '')).slice(0, PLAIN_CONTENT_SIZE) });
      if (isAnswer) {
        const question = await readPostFacts(tx, opts.parentId!);
        await this.counts.answers(tx, question.id);
        if (tx.user.partnerId) {
          // Its author follows the question too: comments on the answer will reach them.
          await this.notifications.followQuestion(tx, question.id, tx.user.partnerId);
          news = await this.notifications.record(tx, { kind: 'answer', forumId, questionId: question.id, postId, authorPartnerId: tx.user.partnerId, body: String(written.content ?? '') }, opts.postedOn);
        }
      } else {
        await this.notifications.followQuestion(tx, postId, tx.user.partnerId);
        if (pending) waiting = { rules, title: name };
        if (!pending) {
          await this.karma.add(tx, tx.uid, rules.karma_gen_question_new);
          // Its forum's followers hear of it now; of a pending one, once a moderator validates it.
          if (tx.user.partnerId) {
            news = await this.notifications.record(tx, { kind: 'question', forumId, questionId: postId, postId, authorPartnerId: tx.user.partnerId, body: String(written.content ?? ''), title: name }, opts.postedOn);
          }
        }
      }
      await this.counts.tags(tx, tagIds);
      return postId;
    });
    await this.notifications.announce(news);
    if (waiting) {
      const { rules, title } = waiting as { rules: ForumRules; title: string };
      await this.moderators.announcePending(env, rules, {
        id: created, title, authorUid: env.uid, author: env.user.partnerId ? await this.people.partnerName(env.db, env.user.partnerId) : '',
        path: `${forumPath(rules)}/validation_queue`,
      });
    }
    return created;
  }

  /**
   * Flags an active post (karma_flag). The post leaves the lists (state flagged) for every flagger;
   * the answer says whether the flagger is a moderator (whose flag counts in the flagged queue at once).
   */
  async flag(env: Env, postId: number): Promise<FlagAnswer> {
    return env.transaction(async (tx) => {
      const post = await readPostFacts(tx, postId);
      const rules = await this.karma.rules(tx, post.forum_id);
      const karma = await this.karma.of(tx, tx.uid);
      this.karma.require(karma, rules, 'karma_flag');
      if (post.state === 'flagged') return { error: 'post_already_flagged' as const };
      if (post.state !== 'active' || !post.active) return { error: 'post_non_flaggable' as const };
      await tx.sudo().model(POST_MODEL).write([postId], { state: 'flagged', flag_user_id: tx.uid });
      await this.counts.afterChange(tx, post);
      return { success: karma >= rules.karma_moderate ? 'post_flagged_moderator' as const : 'post_flagged_non_moderator' as const };
    });
  }

  /** Brings an unanswered question untouched for 9 days back to the top; false when it may not be bumped. */
  async bump(env: Env, postId: number, now = new Date()): Promise<boolean> {
    return env.transaction(async (tx) => {
      const post = await readPostFacts(tx, postId).catch(() => null);
      if (!post || post.parent_id !== null || post.state !== 'active' || !post.active) return false;
      const rules = await this.karma.rules(tx, post.forum_id);
      if (!rules.allow_bump || post.child_count > 0 || !post.write_date) return false;
      const age = now.getTime() - new Date(`${post.write_date.replace(' ', 'T')}Z`).getTime();
      if (age <= BUMP_AFTER_DAYS * 86_400_000) return false;
      await tx.sudo().model(POST_MODEL).write([postId], { bump_date: utcText(now) });
      return true;
    });
  }

  /** Closes a question (karma_close_own/all); offensive or spam reasons cost the author 100 karma. */
  async close(env: Env, postId: number, reasonXmlId: string | null, reasonId: number | null): Promise<void> {
    await env.transaction(async (tx) => {
      const post = await readPostFacts(tx, postId);
      if (post.parent_id !== null) throw new UserError('Only questions can be closed.');
      if (post.state !== 'active') throw new UserError('Only an active question can be closed.');
      const rules = await this.karma.rules(tx, post.forum_id);
      this.karma.require(await this.karma.of(tx, tx.uid), rules, post.author === tx.uid ? 'karma_close_own' : 'karma_close_all');
      await tx.sudo().model(POST_MODEL).write([postId], { state: 'close', closed_uid: tx.uid, closed_date: utcText(new Date()), closed_reason_id: reasonId });
      await this.counts.afterChange(tx, post);
      if (reasonXmlId && PENALISED_REASONS.has(reasonXmlId) && post.author) await this.karma.add(tx, post.author, rules.karma_gen_answer_flagged);
    });
  }

  /** Reopens a closed question, giving back a penalty its closing took. */
  async reopen(env: Env, postId: number, reasonXmlId: string | null): Promise<void> {
    await env.transaction(async (tx) => {
      const post = await readPostFacts(tx, postId);
      if (post.state !== 'close') throw new UserError('Only a closed question can be reopened.');
      const rules = await this.karma.rules(tx, post.forum_id);
      this.karma.require(await this.karma.of(tx, tx.uid), rules, post.author === tx.uid ? 'karma_close_own' : 'karma_close_all');
      await tx.sudo().model(POST_MODEL).write([postId], { state: 'active', closed_uid: null, closed_date: null, closed_reason_id: null });
      await this.counts.afterChange(tx, post);
      if (reasonXmlId && PENALISED_REASONS.has(reasonXmlId) && post.author) await this.karma.add(tx, post.author, -rules.karma_gen_answer_flagged);
    });
  }

  /** Archives a post (karma_unlink_own/all) and, for a question, its answers. */
  async remove(env: Env, postId: number): Promise<PostFacts> {
    return env.transaction(async (tx) => {
      const post = await readPostFacts(tx, postId);
      const rules = await this.karma.rules(tx, post.forum_id);
      this.karma.require(await this.karma.of(tx, tx.uid), rules, post.author === tx.uid ? 'karma_unlink_own' : 'karma_unlink_all');
      const posts = tx.sudo().model(POST_MODEL);
      const answers = post.parent_id === null ? await posts.search([['parent_id', '=', postId]]) : [];
      await posts.write([postId, ...answers], { active: false });
      if (post.parent_id !== null && post.is_correct) await posts.write([post.parent_id], { has_validated_answer: false });
      await this.counts.afterChange(tx, post);
      return post;
    });
  }

  /**
   * The validation queue (karma_moderate): `validate` publishes a pending post (its author then earns
   * the new question's karma); `refuse` closes it, so it leaves the queue (the original platform only
   * noted the moderator and kept it there).
   */
  async moderate(env: Env, postId: number, decision: 'validate' | 'refuse', on?: PostedOn): Promise<PostFacts> {
    const { post, news } = await env.transaction((tx) => this.moderateIn(tx, postId, decision, on));
    await this.notifications.announce(news);
    return post;
  }

  /**
   * `moderate` inside the caller's transaction: the news is the caller's to announce once committed
   * (announcing takes another connection, which SQLite's one would only get after the commit).
   */
  async moderateIn(tx: Env, postId: number, decision: 'validate' | 'refuse', on?: PostedOn): Promise<{ post: PostFacts; news: Announcement | null }> {
    let news: Announcement | null = null;
    const post = await readPostFacts(tx, postId);
    const rules = await this.karma.rules(tx, post.forum_id);
    this.karma.require(await this.karma.of(tx, tx.uid), rules, 'karma_moderate');
    if (!['pending', 'flagged', 'offensive'].includes(post.state)) throw new UserError('This post is not waiting for a moderator.');
    const posts = tx.sudo().model(POST_MODEL);
    if (decision === 'validate') {
      await posts.write([postId], { state: 'active', active: true, moderator_id: tx.uid });
      if (post.state === 'pending' && post.parent_id === null && post.author) {
        await this.karma.add(tx, post.author, rules.karma_gen_question_new);
        news = await this.questionNews(tx, post, on);
      }
    } else {
      await posts.write([postId], { state: 'close', moderator_id: tx.uid, closed_uid: tx.uid, closed_date: utcText(new Date()) });
    }
    await this.counts.afterChange(tx, post);
    return { post, news };
  }

  /** The news of a validated question for its forum's followers (its author's name on it). */
  private async questionNews(tx: Env, post: PostFacts, on?: PostedOn): Promise<Announcement | null> {
    const [row] = await tx.sudo().model(POST_MODEL).read([post.id], ['name', 'content']);
    const authorPartnerId = (await this.people.partnersOfUsers(tx.db, [post.author])).get(post.author);
    if (!authorPartnerId) return null;
    return this.notifications.record(tx, { kind: 'question', forumId: post.forum_id, questionId: post.id, postId: post.id, authorPartnerId, body: String(row.content ?? ''), title: String(row.name ?? '') }, on);
  }
}

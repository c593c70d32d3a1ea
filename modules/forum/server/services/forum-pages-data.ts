import { inject, injectable } from 'inversify';
import { FollowService } from '@modules/website_mail';
import { People } from '@platform/base';
import { type Domain, MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { FORUM_MODEL } from '../models/forum-forum';
import { POST_MODEL } from '../models/forum-post';
import { TAG_MODEL } from '../models/forum-tag';
import { rulesFromRow, RULE_FIELDS } from './forum-karma';
import type { ForumRules, ForumSummary, ListFilter, PostCard, PostView, QuestionView, Sorting } from '../../common/page-props';
import { ForumSummaries, type ForumWithRules } from './forum-summaries';
import { QuestionThreads, threadDomain } from './question-threads';

export const PAGE_SIZE = 10;

/**
 * What the forum's pages show, read with the caller's rights (the record rules decide which posts
 * exist for them), in a bounded number of queries whatever the number of answers: posts, their tags,
 * their authors' names and karma, and the caller's votes are each read once for the whole page.
 */
@injectable()
export class ForumPagesData {
  constructor(
    @inject(FollowService) private readonly followers: FollowService,
    @inject(People) private readonly people: People,
    @inject(ForumSummaries) private readonly summaries: ForumSummaries,
    @inject(QuestionThreads) private readonly threads: QuestionThreads,
  ) {}

  async forums(env: Env): Promise<ForumSummary[]> {
    const rows = await env.model(FORUM_MODEL).search_read([], ['name', 'description', 'welcome_message', 'default_order'], { limit: 100 });
    return rows.map((r) => ({ id: Number(r.id), name: String(r.name), description: String(r.description ?? ''), welcomeMessage: String(r.welcome_message ?? ''), defaultOrder: r.default_order as Sorting }));
  }

  async forum(env: Env, forumId: number): Promise<ForumSummary & { rules: ForumRules }> {
    const [row] = await env.model(FORUM_MODEL).search_read([['id', '=', forumId]], ['description', 'welcome_message', 'default_order', ...RULE_FIELDS], { limit: 1 });
    if (!row) throw new MissingError('This forum does not exist.');
    return { id: forumId, name: String(row.name), description: String(row.description ?? ''), welcomeMessage: String(row.welcome_message ?? ''), defaultOrder: row.default_order as Sorting, rules: rulesFromRow(row) };
  }

  /** A page of the forum's active questions: filter, search (title and text), tag, sorting. */
  async questions(env: Env, forumId: number, opts: { filter: ListFilter; search: string; tagId: number | null; sorting: Sorting; page: number }): Promise<{ posts: PostCard[]; total: number }> {
    const domain: Domain = [['forum_id', '=', forumId], ['parent_id', '=', false], ['state', '=', 'active']];
    if (opts.search) domain.push('|', ['name', 'ilike', opts.search], ['plain_content', 'ilike', opts.search]);
    if (opts.tagId) domain.push(['tag_ids', 'in', [opts.tagId]]);
    if (opts.filter === 'unanswered') domain.push(['child_count', '=', 0]);
    // The questions the caller follows (as the reference: its followers, not its favourites).
    if (opts.filter === 'followed') domain.push(['id', 'in', env.user.partnerId ? await this.followers.recordsFollowedBy(POST_MODEL, env.user.partnerId) : []]);
    const model = env.model(POST_MODEL);
    const total = await model.search_count(domain);
    const rows = await model.search_read(domain, CARD_FIELDS, { limit: PAGE_SIZE, offset: (opts.page - 1) * PAGE_SIZE, order: `${opts.sorting}, id desc` });
    return { posts: await this.cards(env, rows), total };
  }

  /**
   * A user's profile in a forum: name, karma and latest 20 active questions. Users without karma
   * (never validated, or fallen to 0) have no public profile, as in the original platform.
   */
  async profile(env: Env, forumId: number, uid: number): Promise<{ name: string; karma: number; questions: PostCard[] }> {
    const user = await env.db.from(this.people.usersView(env.db, ['name', 'karma', 'active']).as('u')).where({ 'u.id': uid, 'u.active': true }).first('u.name', 'u.karma');
    if (!user || Number(user.karma) < 1) throw new MissingError('This user has no public profile.');
    const rows = await env.model(POST_MODEL).search_read([['forum_id', '=', forumId], ['parent_id', '=', false], ['state', '=', 'active'], ['create_uid', '=', uid]], CARD_FIELDS, { limit: 20, order: 'create_date desc, id desc' });
    return { name: String(user.name), karma: Number(user.karma), questions: await this.cards(env, rows) };
  }

  /** How many questions wait in the validation queue (shown to moderators on the forum page). */
  pendingCount(env: Env, forumId: number): Promise<number> {
    return env.sudo().model(POST_MODEL).search_count([['forum_id', '=', forumId], ['state', '=', 'pending'], ['active', '=', true]]);
  }

  async tag(env: Env, forumId: number, tagId: number): Promise<{ id: number; name: string }> {
    const [row] = await env.model(TAG_MODEL).search_read([['id', '=', tagId], ['forum_id', '=', forumId]], ['name'], { limit: 1 });
    if (!row) throw new MissingError('This tag does not exist.');
    return { id: tagId, name: String(row.name) };
  }

  /**
   * A question's forum, and the question and its answers as the caller may see them (404 when the rules
   * hide the forum or the question). The thread comes from QuestionThreads (read as the superuser, kept
   * until a write); the reader's own record rules pick the posts they see, in one query with their votes
   * on the page's posts, whether the question is a favourite and their karma. Links in posts of authors
   * under the forum's `karma_dofollow` are marked nofollow.
   */
  async question(env: Env, forumId: number, postId: number): Promise<{ forum: ForumWithRules; view: QuestionView; following?: boolean }> {
    const forum = await this.summaries.stored(env, forumId);
    if (!forum) throw new MissingError('This forum does not exist.');
    const thread = await this.threads.thread(env, forumId, postId);
    if (!thread) throw new MissingError('This question does not exist.');
    const facts = env.isSuperuser ? null : await this.readerFacts(env, forumId, postId);
    if (facts && !facts.forumVisible) throw new MissingError('This forum does not exist.');
    const posts = facts ? thread.posts.filter((p) => facts.visible.has(p.id)) : thread.posts;
    if (posts[0]?.id !== postId) throw new MissingError('This question does not exist.');
    const views = posts.map((p, i): PostView => ({
      ...p, content: this.threads.content(p, forum.rules.karma_dofollow),
      userVote: facts?.votes.get(p.id) ?? 0, favourite: i === 0 && (facts?.favourite ?? false),
    }));
    return { forum, view: { question: views[0], answers: views.slice(1), viewerKarma: facts?.karma ?? 0 }, following: facts?.following };
  }

  /**
   * In one query, with the caller's rights: which of the thread's posts their record rules let them see, whether
   * they see the forum, their votes on these posts, whether the question is their favourite, their karma,
   * whether they follow the question (as their partner; undefined without one).
   */
  private async readerFacts(env: Env, forumId: number, postId: number): Promise<ReaderFacts> {
    const db = env.db;
    const kind = (k: string) => db.raw(`'${k}' as k`);
    // The thread's posts named by the question, not by their ids: the same statement (prepared once) and a
    // few parameters whatever the number of answers; ids the cached thread lacks are ignored.
    const visible = env.model(POST_MODEL).subquery(threadDomain(forumId, postId)).as('vp');
    const forum = env.model(FORUM_MODEL).subquery([['id', '=', forumId]]).as('vf');
    const partnerId = env.user.partnerId;
    let query = db.from(visible).select(kind('p'), 'vp.id as id', db.raw('0 as n'))
      .unionAll(db.from(forum).select(kind('F'), 'vf.id', db.raw('0')))
      .unionAll(db('forum_post_vote as pv').join('forum_post as vp2', 'vp2.id', 'pv.post_id').where('pv.user_id', env.uid)
        .andWhere((w) => w.where('vp2.id', postId).orWhere('vp2.parent_id', postId)).select(kind('v'), 'pv.post_id', db.raw('cast(pv.vote as integer)')))
      .unionAll(db('forum_favourite_rel').where({ forum_post_id: postId, user_id: env.uid }).select(kind('f'), 'forum_post_id', db.raw('0')))
      .unionAll(db.from(this.people.usersView(db, ['karma']).as('u')).where('u.id', env.uid).select(kind('k'), 'u.id', 'u.karma'));
    if (partnerId) query = query.unionAll(this.followers.followerRow(db, POST_MODEL, postId, partnerId).select(kind('w'), 'res_id', db.raw('0')));
    const rows: Array<{ k: string; id: number; n: number | null }> = await query;
    const facts: ReaderFacts = { visible: new Set(), forumVisible: false, votes: new Map(), favourite: false, karma: 0, following: partnerId ? false : undefined };
    for (const r of rows) {
      if (r.k === 'p') facts.visible.add(Number(r.id));
      else if (r.k === 'F') facts.forumVisible = true;
      else if (r.k === 'v') facts.votes.set(Number(r.id), Number(r.n));
      else if (r.k === 'f') facts.favourite = true;
      else if (r.k === 'k') facts.karma = Number(r.n ?? 0);
      else if (r.k === 'w') facts.following = true;
    }
    return facts;
  }

  /**
   * Cards of post rows: tag names, and each post's author (name, karma) with the viewer's karma, read
   * once for all of them (as the superuser: names only). The rows' ids come from a read with the
   * caller's rights; their authors are joined here rather than read as many2one names (a query less).
   */
  private async cards(env: Env, rows: Array<Record<string, unknown>>): Promise<PostCard[]> {
    const tagIds = [...new Set(rows.flatMap((r) => (r.tag_ids as number[]) ?? []))];
    const tags = tagIds.length ? await env.sudo().model(TAG_MODEL).read(tagIds, ['name']) : [];
    const tagName = new Map(tags.map((t) => [Number(t.id), String(t.name)]));
    const people = () => this.people.usersView(env.db, ['name', 'karma']).as('u');
    const authors: Array<{ post_id: number; id: number; name: string; karma: number }> = rows.length
      ? await env.db('forum_post as fp').join(people(), 'u.id', 'fp.create_uid').whereIn('fp.id', rows.map((r) => Number(r.id))).select('fp.id as post_id', 'u.id', 'u.name', 'u.karma')
      : [];
    const authorOf = new Map(authors.map((a) => [Number(a.post_id), a]));
    return rows.map((r) => {
      const author = authorOf.get(Number(r.id));
      const authorId = author ? Number(author.id) : 0;
      return {
        id: Number(r.id), name: String(r.name ?? ''), postType: String(r.post_type), excerpt: String(r.plain_content ?? '').slice(0, 200),
        authorId, authorName: author ? String(author.name) : '', authorKarma: author ? Number(author.karma) : 0, createDate: String(r.create_date ?? ''),
        voteCount: Number(r.vote_count), childCount: Number(r.child_count), views: Number(r.views), hasValidatedAnswer: Boolean(r.has_validated_answer),
        tags: ((r.tag_ids as number[]) ?? []).filter((t) => tagName.has(t)).map((t) => ({ id: t, name: tagName.get(t)! })),
      };
    });
  }
}

const CARD_FIELDS = ['name', 'post_type', 'plain_content', 'create_date', 'vote_count', 'child_count', 'views', 'has_validated_answer', 'tag_ids'];

/** What the question page knows of its reader (ForumPagesData.readerFacts). */
interface ReaderFacts {
  visible: Set<number>;
  forumVisible: boolean;
  votes: Map<number, number>;
  favourite: boolean;
  karma: number;
  following: boolean | undefined;
}

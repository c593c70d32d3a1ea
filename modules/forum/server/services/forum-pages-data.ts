import { inject, injectable } from 'inversify';
import { CommentService, FollowService } from '@modules/website_mail';
import { People } from '@platform/base';
import { type Domain, MissingError } from '@platform/core';
import type { Env } from '@platform/orm';
import { FORUM_MODEL } from '../models/forum-forum';
import { POST_MODEL } from '../models/forum-post';
import { TAG_MODEL } from '../models/forum-tag';
import { rulesFromRow, RULE_FIELDS } from './forum-karma';
import type { CommentView, ForumRules, ForumSummary, ListFilter, PostCard, PostView, QuestionView, Sorting } from '../../common/page-props';
import { nofollowLinks } from './nofollow';

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
    @inject(CommentService) private readonly comments: CommentService,
    @inject(People) private readonly people: People,
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
   * A question and its answers as the caller may see them (404 when the rules hide the question).
   * Links in posts of authors under `dofollowKarma` are marked nofollow.
   */
  async question(env: Env, forumId: number, postId: number, opts: { dofollowKarma?: number } = {}): Promise<QuestionView> {
    // The question and its answers in one read (the question first: answers have a parent).
    const both = await env.model(POST_MODEL).search_read(
      [['forum_id', '=', forumId], '|', '&', ['id', '=', postId], ['parent_id', '=', false], ['parent_id', '=', postId]], VIEW_FIELDS, { limit: 501 },
    );
    const q = both.find((r) => Number(r.id) === postId);
    if (!q) throw new MissingError('This question does not exist.');
    const rows = [q, ...both.filter((r) => r !== q)];
    const viewer = { karma: 0 };
    const cards = await this.cards(env, rows, viewer);
    const ids = rows.map((r) => Number(r.id));
    // The caller's votes on the page's posts and whether the question is a favourite: one query.
    const mine: Array<{ post_id: number; vote: string }> = env.isSuperuser ? [] : await env.db('forum_post_vote').whereIn('post_id', ids).andWhere({ user_id: env.uid }).select('post_id', 'vote')
      .unionAll(env.db('forum_favourite_rel').where({ forum_post_id: postId, user_id: env.uid }).select('forum_post_id', env.db.raw(`'${FAVOURITE}'`)));
    const voteOf = new Map(mine.filter((v) => v.vote !== FAVOURITE).map((v) => [Number(v.post_id), Number(v.vote)]));
    const favourite = mine.some((v) => v.vote === FAVOURITE);
    // The comments of the question and all its answers: one query (sanitised HTML of escaped text).
    const comments = await this.comments.onRecords(env.db, POST_MODEL, ids, 2000);
    // Grouped in one pass (in their order), not filtered once per post.
    const commentsOf = new Map<number, CommentView[]>();
    for (const c of comments) {
      const view = { id: c.id, body: c.body, authorName: c.authorName, authorPartnerId: c.authorId };
      const list = commentsOf.get(c.resId);
      if (list) list.push(view);
      else commentsOf.set(c.resId, [view]);
    }
    const views = rows.map((r, i): PostView => ({
      comments: commentsOf.get(Number(r.id)) ?? [],
      ...cards[i], content: cards[i].authorKarma < (opts.dofollowKarma ?? Infinity) ? nofollowLinks(String(r.content ?? '')) : String(r.content ?? ''), contentLink: r.content_link ? String(r.content_link) : null, isCorrect: Boolean(r.is_correct),
      state: String(r.state), userVote: voteOf.get(Number(r.id)) ?? 0, favourite: i === 0 && favourite, authorKarma: cards[i].authorKarma,
    }));
    return { question: views[0], answers: views.slice(1), viewerKarma: viewer.karma };
  }

  /**
   * Cards of post rows: tag names, and each post's author (name, karma) with the viewer's karma, read
   * once for all of them (as the superuser: names only). The rows' ids come from a read with the
   * caller's rights; their authors are joined here rather than read as many2one names (a query less).
   */
  private async cards(env: Env, rows: Array<Record<string, unknown>>, viewer?: { karma: number }): Promise<PostCard[]> {
    const tagIds = [...new Set(rows.flatMap((r) => (r.tag_ids as number[]) ?? []))];
    const tags = tagIds.length ? await env.sudo().model(TAG_MODEL).read(tagIds, ['name']) : [];
    const tagName = new Map(tags.map((t) => [Number(t.id), String(t.name)]));
    const people = () => this.people.usersView(env.db, ['name', 'karma']).as('u');
    let authorsQuery = rows.length ? env.db('forum_post as fp').join(people(), 'u.id', 'fp.create_uid').whereIn('fp.id', rows.map((r) => Number(r.id))).select('fp.id as post_id', 'u.id', 'u.name', 'u.karma') : null;
    if (viewer && !env.isSuperuser) {
      const me = env.db.from(people()).where('u.id', env.uid).select(env.db.raw('0 as post_id'), 'u.id', 'u.name', 'u.karma');
      authorsQuery = authorsQuery ? authorsQuery.unionAll(me) : me;
    }
    const authors: Array<{ post_id: number; id: number; name: string; karma: number }> = authorsQuery ? await authorsQuery : [];
    const authorOf = new Map(authors.filter((a) => Number(a.post_id) > 0).map((a) => [Number(a.post_id), a]));
    if (viewer) viewer.karma = Number(authors.find((a) => Number(a.post_id) === 0)?.karma ?? 0);
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
/**
 * A question page shows whole posts, never their excerpt: the plain text (as long as the post) is not
 * read for it (the cards' excerpt is empty there).
 */
const VIEW_FIELDS = [...CARD_FIELDS.filter((f) => f !== 'plain_content'), 'content', 'content_link', 'is_correct', 'state'];
/** Marks the favourite row among the caller's votes (a vote is '1', '0' or '-1'). */
const FAVOURITE = 'F';

import crypto from 'node:crypto';
import { inject, injectable } from 'inversify';
import { CommentService } from '@modules/website_mail';
import { People } from '@platform/base';
import type { Domain } from '@platform/core';
import { TableReadCache, WriteSignal } from '@platform/http';
import { type Env, EnvFactory } from '@platform/orm';
import type { CommentView, PostCard } from '../../common/page-props';
import { POST_MODEL } from '../models/forum-post';
import { TAG_MODEL } from '../models/forum-tag';
import { nofollowLinks } from './nofollow';

/** A post of a thread as stored (read as the superuser): who may see it is decided per reader. */
export interface ThreadPost extends PostCard {
  content: string;
  contentLink: string | null;
  isCorrect: boolean;
  state: string;
  comments: CommentView[];
  /**
   * Stands for everything the post's markup is rendered from but its views (a hash of it): changes
   * with any write to the post, its comments, tags or authors, as the thread is read again then.
   */
  revision: string;
}

export interface QuestionThread {
  /** The question first, then its answers (in the model's order). */
  posts: ThreadPost[];
}

/** A thread's posts at most (the question and its answers), as the page read them before. */
const MAX_POSTS = 501;
const MAX_COMMENTS = 2000;
const MAX_THREADS = 500;
/** The cached threads' text (posts and comments, in characters) at most: long threads are kept fewer. */
const MAX_TEXT = 32_000_000;
/**
 * What a thread is read from: a write to any of these (posts, their tags, comments, authors' names and
 * karma) drops the cached threads. The views' counter writes `forum_post` about once a second on a busy
 * question, so a thread is read again at most that often for it.
 */
const TABLES = ['forum_post', 'forum_tag', 'forum_tag_rel', 'mail_message', 'res_users', 'res_partner'];
const CARD_FIELDS = ['name', 'post_type', 'create_date', 'vote_count', 'child_count', 'views', 'has_validated_answer', 'tag_ids'];
const VIEW_FIELDS = [...CARD_FIELDS, 'content', 'content_link', 'is_correct', 'state'];

/**
 * A question with its answers, their tags, authors and comments, read once as the superuser and kept
 * until one of the tables it comes from is written (here or, through the write signal, elsewhere).
 * It holds posts no reader may see (pending, of others): the question page keeps only the ids the
 * reader's own record rules let them see (ForumPagesData.question), in the same query as their votes.
 * Inside a transaction it is read directly, never kept (its writes may be rolled back).
 */
@injectable()
export class QuestionThreads {
  private readonly cache: TableReadCache<QuestionThread | null>;
  /** The posts' text with nofollow links, per post revision and threshold (the forum's karma_dofollow). */
  private readonly nofollowed = new WeakMap<ThreadPost, { karma: number; html: string }>();

  constructor(
    @inject(WriteSignal) signal: WriteSignal,
    @inject(CommentService) private readonly comments: CommentService,
    @inject(People) private readonly people: People,
    @inject(EnvFactory) private readonly envs: EnvFactory,
  ) {
    this.cache = new TableReadCache(signal, TABLES, MAX_THREADS, { maxSize: MAX_TEXT, sizeOf: textOf });
  }

  /** The thread of question `postId` in forum `forumId` (null when there is no such active question). */
  thread(env: Env, forumId: number, postId: number): Promise<QuestionThread | null> {
    if (env.inTransaction) return this.read(env.sudo(), forumId, postId);
    // Shared by the requests waiting for it: read on no request's behalf (none's abort cancels it).
    return this.cache.get(`${forumId}:${postId}`, () => this.read(this.envs.superuser(), forumId, postId));
  }

  /** A post's text as shown: links marked nofollow when its author has less karma than `dofollowKarma`. */
  content(post: ThreadPost, dofollowKarma: number | undefined): string {
    if (post.authorKarma >= (dofollowKarma ?? Infinity)) return post.content;
    const karma = dofollowKarma ?? Infinity;
    const done = this.nofollowed.get(post);
    if (done && done.karma === karma) return done.html;
    const html = nofollowLinks(post.content);
    this.nofollowed.set(post, { karma, html });
    return html;
  }

  private async read(sudo: Env, forumId: number, postId: number): Promise<QuestionThread | null> {
    // The question and its answers in one read (the question first: answers have a parent).
    const both = await sudo.model(POST_MODEL).search_read(threadDomain(forumId, postId), VIEW_FIELDS, { limit: MAX_POSTS });
    const q = both.find((r) => Number(r.id) === postId);
    if (!q) return null;
    const rows = [q, ...both.filter((r) => r !== q)];
    const ids = rows.map((r) => Number(r.id));
    const tagIds = [...new Set(rows.flatMap((r) => (r.tag_ids as number[]) ?? []))];
    const [tags, authors, comments] = await Promise.all([
      tagIds.length ? sudo.model(TAG_MODEL).read(tagIds, ['name']) : [],
      // Authors joined here rather than read as many2one names (names and karma only).
      sudo.db('forum_post as fp').join(this.people.usersView(sudo.db, ['name', 'karma']).as('u'), 'u.id', 'fp.create_uid').whereIn('fp.id', ids)
        .select('fp.id as post_id', 'u.id', 'u.name', 'u.karma') as Promise<Array<{ post_id: number; id: number; name: string; karma: number }>>,
      // The comments of the question and all its answers: one query (sanitised HTML of escaped text).
      this.comments.onRecords(sudo.db, POST_MODEL, ids, MAX_COMMENTS),
    ]);
    const tagName = new Map(tags.map((t) => [Number(t.id), String(t.name)]));
    const authorOf = new Map(authors.map((a) => [Number(a.post_id), a]));
    // Grouped in one pass (in their order), not filtered once per post.
    const commentsOf = new Map<number, CommentView[]>();
    for (const c of comments) {
      const view = { id: c.id, body: c.body, authorName: c.authorName, authorPartnerId: c.authorId };
      const list = commentsOf.get(c.resId);
      if (list) list.push(view);
      else commentsOf.set(c.resId, [view]);
    }
    const posts = rows.map((r): ThreadPost => {
      const author = authorOf.get(Number(r.id));
      const post: Omit<ThreadPost, 'revision'> = {
        id: Number(r.id), name: String(r.name ?? ''), postType: String(r.post_type), excerpt: '',
        authorId: author ? Number(author.id) : 0, authorName: author ? String(author.name) : '', authorKarma: author ? Number(author.karma) : 0,
        createDate: String(r.create_date ?? ''), voteCount: Number(r.vote_count), childCount: Number(r.child_count), views: Number(r.views),
        hasValidatedAnswer: Boolean(r.has_validated_answer),
        tags: ((r.tag_ids as number[]) ?? []).filter((t) => tagName.has(t)).map((t) => ({ id: t, name: tagName.get(t)! })),
        content: String(r.content ?? ''), contentLink: r.content_link ? String(r.content_link) : null, isCorrect: Boolean(r.is_correct),
        state: String(r.state), comments: commentsOf.get(Number(r.id)) ?? [],
      };
      return { ...post, revision: revisionOf(post) };
    });
    return { posts };
  }
}

/** A question of the forum and its answers. */
export function threadDomain(forumId: number, postId: number): Domain {
  return [['forum_id', '=', forumId], '|', '&', ['id', '=', postId], ['parent_id', '=', false], ['parent_id', '=', postId]];
}

/** A thread's text, in characters: what its size in memory mostly is. */
function textOf(thread: QuestionThread | null): number {
  let n = 0;
  for (const p of thread?.posts ?? []) {
    n += p.content.length + p.name.length + 200;
    for (const c of p.comments) n += c.body.length + c.authorName.length + 50;
  }
  return n;
}

/** A hash of everything a post's markup is rendered from (its views excepted: the page shows them apart). */
function revisionOf(post: Omit<ThreadPost, 'revision'>): string {
  return crypto.createHash('sha1').update(JSON.stringify({ ...post, views: 0 })).digest('base64');
}

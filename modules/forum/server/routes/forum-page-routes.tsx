import { inject, injectable } from 'inversify';
import { MissingError, UserError } from '@platform/core';
import { route, type RateLimit, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { answerSchema, askSchema, POST_TYPES, type FieldErrors, type PostType } from '../../common/post-schemas';
import { askPage } from '../../web/pages/ask-page';
import { forumListPage, forumPage } from '../../web/pages/forum-pages';
import type { QuestionPageProps } from '../../web/pages/question-props';
import { questionPage } from '../../web/pages/question-page';
import { userProfilePage } from '../../web/pages/user-profile-page';
import { postedContent } from '../services/content-rules';
import { COMMENT_MAX, ForumComments } from '../services/forum-comments';
import { FollowService, followButtonProps } from '@modules/website_mail';
import { ForumKarma } from '../services/forum-karma';
import { ForumNotifications } from '../services/forum-notifications';
import { ViewCounter } from '../services/view-counter';
import { ForumPagesData, PAGE_SIZE } from '../services/forum-pages-data';
import { SORTINGS, type ListFilter, type Sorting } from '../../common/page-props';
import { ForumPostService } from '../services/forum-post-service';
import { forumSession } from '../services/forum-session';
import { redirectTo } from './redirect';
import { slugId } from './slug';
import { forumPath, questionPath } from '../../common/forum-urls';
import { startingKarma } from '../../common/karma-rules';
import { PostOfForum } from '../services/post-of-forum';
import { ForumModeration } from '../services/forum-moderation';

/** A forum's slug in a path (`help-1`); slugId() answers 404 for anything else. */
const F = ':forum';
const N = ':n';
const POST_LIMIT: RateLimit = { name: 'forum.post', limit: 20, perAccount: 10, windowSeconds: 600 };
const COMMENT_LIMIT: RateLimit = { name: 'forum.comment', limit: 30, perAccount: 20, windowSeconds: 600 };
const MODERATE_LIMIT: RateLimit = { name: 'forum.moderate', limit: 120, perAccount: 120, windowSeconds: 60 };

/** A query or form value as a string of at most `max` characters ('' when absent or not a string). */
const text = (v: unknown, max: number): string => (typeof v === 'string' ? v.slice(0, max) : '');

/** A refused answer kept in its form: the editor's HTML, or the textarea's text, with the message under it. */
function answerDraft(sent: Record<string, unknown>, error: string): QuestionPageProps['answerDraft'] {
  const typed = typeof sent.content === 'string' ? sent.content : '';
  return { html: postedContent(typed, sent.content_format).html, text: typed, error };
}

/**
 * The forum's pages: the list of forums, a forum's questions (filters, sorting, search, tags, 10 per
 * page), a question with its answers, the ask form and its post, the answer post (the moderators'
 * queues are ModerationRoutes'). Forms post with a CSRF token; pages read with the caller's rights.
 */
@injectable()
export class ForumPageRoutes implements RouteContribution {
  constructor(
    @inject(ForumPagesData) private readonly data: ForumPagesData,
    @inject(ForumPostService) private readonly posts: ForumPostService,
    @inject(ForumKarma) private readonly karma: ForumKarma,
    @inject(ForumComments) private readonly comments: ForumComments,
    @inject(ForumNotifications) private readonly notifications: ForumNotifications,
    @inject(FollowService) private readonly followers: FollowService,
    @inject(ViewCounter) private readonly views: ViewCounter,
    @inject(PostOfForum) private readonly postsOfForum: PostOfForum,
    @inject(ForumModeration) private readonly moderation: ForumModeration,
  ) {}

  routes(): RouteDefinition[] {
    const list = (path: string): RouteDefinition => ({ path, type: 'http', auth: 'public', handler: (req) => this.forumPage(req) });
    return [
      { path: '/forum', type: 'http', auth: 'public', handler: async (req) => forumListPage(await this.data.forums(req.env)) },
      list(`/forum/${F}`),
      list(`/forum/${F}/page/${N}`),
      list(`/forum/${F}/tag/:tag/questions`),
      list(`/forum/${F}/tag/:tag/questions/page/${N}`),
      // Visitors without a session get it from the public page cache; views are counted by QuestionViewHotPath.
      { path: `/forum/${F}/question/:post`, type: 'http', auth: 'public', cache: 'public', handler: (req) => this.questionPage(req) },
      {
        path: `/forum/${F}/user/:uid`, type: 'http', auth: 'public',
        handler: async (req) => {
          const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
          const profile = await this.data.profile(req.env, forum.id, slugId(req.pathParams.uid));
          return userProfilePage({ forumName: forum.name, base: this.base(forum), ...profile });
        },
      },
      {
        path: `/forum/${F}/ask`, type: 'http', auth: 'user',
        handler: async (req) => {
          const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
          const wanted = text(req.params.post_type, 16) as PostType;
          const karma = await this.karma.of(req.env, req.env.uid);
          return askPage({
            forumName: forum.name, base: this.base(forum), postType: POST_TYPES.includes(wanted) ? wanted : 'question', csrfToken: req.csrfToken(), rules: forum.rules, karma,
            // A new user (karma 0) is told how to earn the right to post: validate the e-mail.
            validation: karma === 0 ? forumSession.validationOffer(req) : null, startingKarma: startingKarma(forum.rules),
          });
        },
      },
      route({
        path: `/forum/${F}/new`, type: 'http', auth: 'user', methods: ['POST'], rateLimit: POST_LIMIT, params: askSchema,
        // A field the schema refuses: the form again, what was typed kept, each message under its field.
        invalid: (req, errors) => this.askAgain(req, req.params, errors),
        handler: async (req) => {
          const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
          const p = req.params;
          const values = { post_type: p.post_type, name: p.post_name, content: postedContent(p.content, p.content_format).html, content_link: p.content_link, tags: p.post_tags };
          try {
            const id = await this.posts.create(req.env, forum.id, values, { siteHost: req.http.host, postedOn: await this.notifications.postedOn(req) });
            redirectTo(req, questionPath(forum, { id, name: values.name }));
          } catch (err) {
            // Refused by a rule of the forum (karma, a new tag, the link): the form again with the message above it.
            if (!(err instanceof UserError)) throw err;
            return this.askAgain(req, p, {}, err.message);
          }
        },
      }),
      route({
        path: `/forum/${F}/:post/reply`, type: 'http', auth: 'user', methods: ['POST'], rateLimit: POST_LIMIT, params: answerSchema,
        invalid: (req, errors) => this.questionPage(req, answerDraft(req.params, errors.content ?? errors[''] ?? Object.values(errors)[0] ?? '')),
        handler: async (req) => {
          const forum = await this.forumOfPath(req);
          const questionId = slugId(req.pathParams.post);
          const content = postedContent(req.params.content, req.params.content_format).html;
          try {
            await this.posts.create(req.env, forum.id, { content }, { parentId: questionId, siteHost: req.http.host, postedOn: await this.notifications.postedOn(req) });
          } catch (err) {
            // Refused (empty, karma, a closed question): the question again, the answer kept in its form.
            if (!(err instanceof UserError)) throw err;
            return this.questionPage(req, answerDraft(req.params, err.message));
          }
          redirectTo(req, questionPath(forum, { id: questionId }));
        },
      }),
      // Close, reopen and delete (karma checked by the service): form posts from the question page.
      ...(['close', 'reopen', 'delete'] as const).map((action): RouteDefinition => ({
        path: `/forum/${F}/question/:post/${action}`, type: 'http', auth: 'user', methods: ['POST'], rateLimit: MODERATE_LIMIT,
        handler: async (req) => {
          const post = await this.postOfForum(req);
          if (action === 'close') await this.posts.close(req.env, post.id, null, null);
          else if (action === 'reopen') await this.posts.reopen(req.env, post.id, null);
          else await this.posts.remove(req.env, post.id);
          const forum = await this.forumOfPath(req);
          redirectTo(req, action === 'delete' && post.parent_id === null ? forumPath(forum) : questionPath(forum, { id: post.parent_id ?? post.id }));
        },
      })),
      {
        path: `/forum/${F}/post/:post/comment`, type: 'http', auth: 'user', methods: ['POST'], rateLimit: COMMENT_LIMIT,
        handler: async (req) => {
          const post = await this.postOfForum(req);
          await this.comments.add(req.env, post.id, text(req.params.comment, COMMENT_MAX + 1), await this.notifications.postedOn(req));
          redirectTo(req, questionPath(await this.forumOfPath(req), { id: post.parent_id ?? post.id }));
        },
      },
      {
        path: `/forum/${F}/post/:post/comment/:comment/delete`, type: 'http', auth: 'user', methods: ['POST'], rateLimit: COMMENT_LIMIT,
        handler: async (req) => {
          const post = await this.postOfForum(req);
          await this.comments.remove(req.env, post.id, slugId(req.pathParams.comment));
          redirectTo(req, questionPath(await this.forumOfPath(req), { id: post.parent_id ?? post.id }));
        },
      },
    ];
  }

  /** The post of the path, checked to be of the path's forum. */
  private async postOfForum(req: RequestContext) {
    return this.postsOfForum.facts(req.env, slugId(req.pathParams.forum), slugId(req.pathParams.post));
  }

  /**
   * The forum of the path, read for its name: redirects go to its canonical URL (forum-urls.ts), not
   * to the segment as the request spelled it (any words before the id reach the same forum).
   */
  private forumOfPath(req: RequestContext) {
    return this.data.forum(req.env, slugId(req.pathParams.forum));
  }

  private base(forum: { id: number; name: string }): string {
    return forumPath(forum);
  }


  private async forumPage(req: RequestContext) {
    const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
    const tag = req.pathParams.tag ? await this.data.tag(req.env, forum.id, slugId(req.pathParams.tag)) : null;
    const wantedFilter = text(req.params.filter, 16);
    const filter: ListFilter = wantedFilter === 'unanswered' || (wantedFilter === 'followed' && !req.isPublic) ? wantedFilter : 'all';
    const wantedSorting = text(req.params.sorting, 32) as Sorting;
    const sorting = SORTINGS.includes(wantedSorting) ? wantedSorting : forum.defaultOrder;
    const search = text(req.params.search, 100).trim();
    const pageNo = req.pathParams.n === undefined ? 1 : slugId(req.pathParams.n);
    const { posts, total } = await this.data.questions(req.env, forum.id, { filter, search, tagId: tag?.id ?? null, sorting, page: pageNo });
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (pageNo > pages) throw new MissingError('This page does not exist.');
    const karma = req.isPublic ? 0 : await this.karma.of(req.env, req.env.uid);
    const moderator = !req.isPublic && this.moderation.moderates(req.env, karma, forum.rules);
    const validation = forumSession.validationState(req, karma);
    const pendingCount = moderator ? await this.data.pendingCount(req.env, forum.id) : null;
    const notifications = req.isPublic ? [] : await this.notifications.unread(req.env);
    const follow = await followButtonProps(req, this.followers, 'forum.forum', forum.id);
    return forumPage({ follow, forum, base: this.base(forum), posts, total, page: pageNo, pages, filter, sorting, search, tag, isPublic: req.isPublic, pendingCount, validation, notifications });
  }

  /** The ask form again after a refused post: what was sent (as sent, never cut), the schema's messages under their fields, a rule's above. */
  private async askAgain(req: RequestContext, sent: Record<string, unknown>, errors: FieldErrors, error?: string) {
    const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
    const karma = await this.karma.of(req.env, req.env.uid);
    const str = (v: unknown): string => (typeof v === 'string' ? v : '');
    const postType = POST_TYPES.find((t) => t === sent.post_type) ?? 'question';
    const { '': formError, ...fieldErrors } = errors;
    return askPage({
      forumName: forum.name, base: this.base(forum), postType, csrfToken: req.csrfToken(), rules: forum.rules, karma,
      validation: karma === 0 ? forumSession.validationOffer(req) : null, startingKarma: startingKarma(forum.rules),
      values: { post_name: str(sent.post_name), content: str(sent.content), content_link: str(sent.content_link), post_tags: str(sent.post_tags), content_format: str(sent.content_format) },
      errors: fieldErrors, error: error ?? formError,
    });
  }

  private async questionPage(req: RequestContext, answerDraft?: QuestionPageProps['answerDraft']) {
    const postId = slugId(req.pathParams.post);
    const { forum, view, following } = await this.data.question(req.env, slugId(req.pathParams.forum), postId);
    // The cached thread is shared: the views not written yet are added to this page's copy only.
    view.question = { ...view.question, views: view.question.views + this.views.unwritten(postId) };
    const karma = req.isPublic ? 0 : view.viewerKarma;
    // Signed in, whether they follow the question came with the page's query.
    const follow = await followButtonProps(req, this.followers, 'forum.post', postId, req.isPublic ? undefined : following);
    const notice = forumSession.takeActionNotice(req) ?? undefined;
    return questionPage({ follow, forumName: forum.name, base: this.base(forum), view, rules: forum.rules, uid: req.env.uid, partnerId: req.env.user.partnerId, karma, isPublic: req.isPublic, csrfToken: req.isPublic ? '' : req.csrfToken(), answerDraft, notice });
  }
}

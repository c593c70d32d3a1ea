import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import type { RateLimit, RouteContribution, RouteDefinition } from '@platform/http';
import { editPostPage } from '../../web/pages/edit-post-page';
import { postedContent } from '../services/content-rules';
import { ForumPagesData } from '../services/forum-pages-data';
import { ForumPostEditing, type PostChanges } from '../services/forum-post-editing';
import { KarmaError } from '../services/karma-error';
import { redirectTo } from './redirect';
import { slugId } from './slug';
import { forumPath } from '../../common/forum-urls';

const EDIT_LIMIT: RateLimit = { name: 'forum.edit', limit: 30, perAccount: 20, windowSeconds: 600 };
const text = (v: unknown, max: number): string | undefined => (typeof v === 'string' ? v.slice(0, max) : undefined);

/**
 * `/forum/<forum>/post/<post>/edit` (the form) and `/save` (reference 1.5): the form holds the fields
 * the caller may change; the save sends only those, each checked again by ForumPostEditing.
 */
@injectable()
export class PostEditRoutes implements RouteContribution {
  constructor(@inject(ForumPagesData) private readonly data: ForumPagesData, @inject(ForumPostEditing) private readonly editing: ForumPostEditing) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/forum/:forum/post/:post/edit', type: 'http', auth: 'user',
        handler: async (req) => {
          const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
          const post = await this.editing.editable(req.env, forum.id, slugId(req.pathParams.post));
          if (!post.open) throw new UserError('This post cannot be edited.');
          if (!post.mayEdit && !post.mayRetag) throw new KarmaError(post.editKarma);
          return editPostPage({ forumName: forum.name, base: forumPath(forum), post, csrfToken: req.csrfToken() });
        },
      },
      {
        path: '/forum/:forum/post/:post/save', type: 'http', auth: 'user', methods: ['POST'], rateLimit: EDIT_LIMIT,
        handler: async (req) => {
          const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
          const postId = slugId(req.pathParams.post);
          const p = req.params;
          const content = text(p.content, 20_000);
          const changes: PostChanges = {
            name: text(p.post_name, 256),
            content: content === undefined ? undefined : postedContent(content, p.content_format).html,
            tags: text(p.post_tags, 200),
          };
          const base = forumPath(forum);
          try {
            const post = await this.editing.save(req.env, forum.id, postId, changes);
            redirectTo(req, `${base}/question/${post.questionId}${post.isQuestion ? '' : `#post-${post.id}`}`);
          } catch (err) {
            if (!(err instanceof UserError) || err instanceof KarmaError) throw err;
            const post = await this.editing.editable(req.env, forum.id, postId);
            return editPostPage({ forumName: forum.name, base, post, csrfToken: req.csrfToken(), values: { name: changes.name, content: changes.content, tags: changes.tags }, error: err.message });
          }
        },
      },
    ];
  }
}

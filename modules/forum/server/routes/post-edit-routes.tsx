import { inject, injectable } from 'inversify';
import { UserError } from '@platform/core';
import { route, type RateLimit, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { editSchema, type FieldErrors } from '../../common/post-schemas';
import { editPostPage } from '../../web/pages/edit-post-page';
import { postedContent } from '../services/content-rules';
import { ForumPagesData } from '../services/forum-pages-data';
import { ForumPostEditing, type PostChanges } from '../services/forum-post-editing';
import { KarmaError } from '../services/karma-error';
import { redirectTo } from './redirect';
import { slugId } from './slug';
import { forumPath, questionPath } from '../../common/forum-urls';

const EDIT_LIMIT: RateLimit = { name: 'forum.edit', limit: 30, perAccount: 20, windowSeconds: 600 };

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
      route({
        path: '/forum/:forum/post/:post/save', type: 'http', auth: 'user', methods: ['POST'], rateLimit: EDIT_LIMIT, params: editSchema,
        // A field the schema refuses: the form again, what was sent kept, each message under its field.
        invalid: (req, errors) => this.editAgain(req, req.params, errors),
        handler: async (req) => {
          const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
          const postId = slugId(req.pathParams.post);
          const p = req.params;
          const changes: PostChanges = {
            name: p.post_name,
            content: p.content === undefined ? undefined : postedContent(p.content, p.content_format).html,
            tags: p.post_tags,
          };
          try {
            const post = await this.editing.save(req.env, forum.id, postId, changes);
            redirectTo(req, `${questionPath(forum, { id: post.questionId })}${post.isQuestion ? '' : `#post-${post.id}`}`);
          } catch (err) {
            if (!(err instanceof UserError) || err instanceof KarmaError) throw err;
            return this.editAgain(req, p, {}, err.message);
          }
        },
      }),
    ];
  }

  /** The edit form again after a refused save: what was sent, the schema's messages under their fields, a rule's above. */
  private async editAgain(req: RequestContext, sent: Record<string, unknown>, errors: FieldErrors, error?: string) {
    const forum = await this.data.forum(req.env, slugId(req.pathParams.forum));
    const post = await this.editing.editable(req.env, forum.id, slugId(req.pathParams.post));
    const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
    const content = str(sent.content);
    const { '': formError, ...fieldErrors } = errors;
    return editPostPage({
      forumName: forum.name, base: forumPath(forum), post, csrfToken: req.csrfToken(),
      values: { name: str(sent.post_name), content: content === undefined ? undefined : postedContent(content, sent.content_format).html, tags: str(sent.post_tags) },
      errors: fieldErrors, error: error ?? formError,
    });
  }
}

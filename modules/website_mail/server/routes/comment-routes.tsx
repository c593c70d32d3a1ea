import { inject, injectable } from 'inversify';
import { SiteUrls } from '@platform/base';
import { number, object, string } from 'yup';
import { LanguageCatalog, type RequestContext, route, type RouteContribution, type RouteDefinition, safeRedirect } from '@platform/http';
import { AccessError, MissingError, ValidationError } from '@platform/core';
import { page, requestDates } from '@platform/web';
import { localizedPath } from '@platform/common';
import { DeleteCommentPage } from '../../web/pages/delete-comment-page';
import { CommentService, MAX_COMMENT_LENGTH } from '../services/comment-service';
import { ThreadRegistry } from '../services/thread-registry';

const POST_LIMIT = { name: 'website_mail.post', limit: 10, perAccount: 10, windowSeconds: 60 };

/**
 * Public comments: signed-in users post on records they can see (visitors read them); the author and
 * the model's moderators delete. Bodies are plain text turned into escaped HTML, then sanitised again
 * by the html field on write.
 */
@injectable()
export class CommentRoutes implements RouteContribution {
  constructor(
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(CommentService) private readonly comments: CommentService,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/website_mail/post/json', type: 'json', auth: 'user', rateLimit: POST_LIMIT,
        params: object({
          res_model: string().required().max(128),
          res_id: number().integer().positive().required(),
          message: string().default('').max(MAX_COMMENT_LENGTH, `A comment is limited to ${MAX_COMMENT_LENGTH} characters.`),
          rating: number().integer().min(1, 'A rating is 1 to 5 stars.').max(5, 'A rating is 1 to 5 stars.').nullable(),
        }),
        handler: async (req) => {
          const { res_model, res_id, message, rating } = req.params;
          const opts = this.threads.require(req.site, res_model, 'comments');
          await this.threads.assertVisible(req.env, res_model, res_id);
          if (!message || !message.trim()) throw new ValidationError('The message is empty.');
          const ratingEnabled = await this.threads.ratingEnabled(req.env, opts, res_id);
          if (rating != null && !ratingEnabled) throw new ValidationError('This record does not take ratings.');
          // Links in the followers' mails: never on a stranger's Host header (SiteUrls.forMail).
          const on = { site: req.site, baseUrl: await this.urls.forMail(req) };
          const view = await this.comments.post(res_model, res_id, req.user.partnerId, message, rating ?? null, on);
          const dates = await requestDates(this.languages, req);
          return { ...view, date_label: dates.datetime(view.date), rating_default_value: view.rating ?? 0, rating_disabled: view.rating !== null, stats: await this.comments.stats(res_model, res_id) };
        },
      }),
      {
        path: '/website_mail/message/delete', type: 'json', auth: 'user',
        params: object({ message_id: number().integer().positive().required() }),
        handler: async (req) => {
          const found = await this.deletable(req, req.params.message_id as number);
          await this.comments.remove(req.params.message_id as number);
          return { deleted: true, stats: await this.comments.stats(found.model, found.resId) };
        },
      },
      {
        // Without JavaScript the comment's delete button opens this confirmation; its button posts below.
        path: '/website_mail/message/:id/delete', type: 'http', auth: 'user',
        handler: async (req) => {
          const id = Number(req.pathParams.id);
          if (!/^\d{1,9}$/.test(req.pathParams.id) || id <= 0) throw new MissingError('No such comment.');
          const found = await this.deletable(req, id);
          const [message] = await req.env.sudo().model('mail.message').search_read([['id', '=', id]], ['body', 'author_id']);
          const link = await this.threads.optionsFor(req.site, found.model)?.recordLink(req.env, found.resId);
          const urlCode = req.lang === req.site.defaultLang ? null : (await this.languages.find(req.lang))?.urlCode ?? null;
          return page('Delete this comment?', (
            <DeleteCommentPage
              bodyHtml={String(message?.body ?? '')} author={Array.isArray(message?.author_id) ? String(message.author_id[1]) : ''}
              action={req.http.url.split('?')[0]} csrfToken={req.csrfToken()} back={localizedPath(link?.path ?? '/', urlCode)}
            />
          ));
        },
      },
      {
        // The same delete for the no-JavaScript form (CSRF-checked by the dispatcher).
        path: '/website_mail/message/:id/delete', type: 'http', methods: ['POST'], auth: 'user',
        handler: async (req) => {
          const id = Number(req.pathParams.id);
          if (!Number.isInteger(id) || id <= 0) throw new MissingError('No such comment.');
          await this.deletable(req, id);
          await this.comments.remove(id);
          const back = safeRedirect(req.params.redirect, '/');
          // `back` is the record's page as the form named it, language prefix included.
          req.reply.redirect(`${back.split('#')[0]}#comments`, { keepLanguage: false });
        },
      },
    ];
  }


  private async deletable(req: RequestContext, messageId: number): Promise<{ model: string; resId: number }> {
    const found = await this.comments.find(messageId);
    if (!found) throw new MissingError('No such comment.');
    const opts = this.threads.optionsFor(req.site, found.model);
    const isAuthor = found.authorId === req.user.partnerId;
    const isModerator = !!opts && req.env.hasGroup(opts.moderatorGroup);
    if (!isAuthor && !isModerator) throw new AccessError('Only the author of a comment or a moderator can delete it.');
    return found;
  }
}

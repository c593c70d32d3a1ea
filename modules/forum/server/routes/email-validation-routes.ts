import { inject, injectable } from 'inversify';
import { hostnameOf } from '@platform/common';
import { number, object } from 'yup';
import { SiteUrls } from '@platform/base';
import type { RouteContribution, RouteDefinition } from '@platform/http';
import { EmailValidation } from '../services/email-validation';
import { forumPath } from '../../common/forum-urls';
import { forumSession } from '../services/forum-session';


/** `/forum/send_validation_email`, the link of the mail (`/forum/validate_email`), and closing the thanks. */
@injectable()
export class EmailValidationRoutes implements RouteContribution {
  constructor(@inject(EmailValidation) private readonly validation: EmailValidation, @inject(SiteUrls) private readonly urls: SiteUrls) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/forum/send_validation_email', type: 'json', auth: 'user', params: object({ forum_id: number().integer().min(1).max(2_147_483_647).required() }),
        rateLimit: { name: 'forum.validation_mail', limit: 5, perAccount: 3, windowSeconds: 3600 },
        handler: async (req) => {
          // The link carries a token: only on an address of this site, never on a Host header a client wrote.
          const base = await this.urls.forMail(req);
          const host = base && hostnameOf(base);
          if (!base || !host) return false;
          const sent = await this.validation.send(req.env, Number(req.params.forum_id), base, host);
          if (sent) forumSession.markValidationSent(req);
          return sent;
        },
      },
      {
        path: '/forum/validate_email', type: 'http', auth: 'public',
        rateLimit: { name: 'forum.validate_email', limit: 30, windowSeconds: 3600 },
        handler: async (req) => {
          const token = typeof req.params.token === 'string' ? req.params.token.slice(0, 80) : '';
          const forumId = /^\d{1,9}$/.test(String(req.params.forum_id ?? '')) ? Number(req.params.forum_id) : 0;
          const uid = forumId ? await this.validation.validate(req.env, token, forumId) : null;
          if (uid !== null) forumSession.markValidated(req);
          const [forum] = forumId ? await req.env.model('forum.forum').search_read([['id', '=', forumId]], ['name'], { limit: 1 }) : [];
          req.reply.redirect(forum ? `${forumPath({ id: forumId, name: String(forum.name) })}${uid === null ? '?validation_failed=1' : ''}` : '/forum');
        },
      },
      {
        path: '/forum/validate_email/close', type: 'json', auth: 'public', params: object({}),
        handler: (req) => {
          forumSession.closeValidated(req);
          return true;
        },
      },
    ];
  }
}

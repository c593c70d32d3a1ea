import { inject, injectable } from 'inversify';
import { LanguageCatalog, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { AccessDenied } from '@platform/core';
import { localizedPath } from '@platform/common';
import { page } from '@platform/web';
import { FollowConfirmPage } from '../../web/pages/follow-confirm-page';
import { rememberSessionFollow } from '../services/follow-session';
import { CONFIRM_PATH, FollowConfirmation, type PendingFollow } from '../services/follow-confirmation';
import { ThreadRegistry } from '../services/thread-registry';

const INVALID_LINK = 'This confirmation link is not valid, was used already or has expired. Follow the page again to get a new one.';

/**
 * The link of a follow confirmation mail: GET shows what will be confirmed (it changes nothing, as
 * mail scanners open links), its button POSTs (CSRF-checked, rate-limited) and makes the follow, once.
 * Both are authenticated by the link's HMAC token, never by a session; the browser that confirms shows
 * the record as followed from then on.
 */
@injectable()
export class FollowConfirmRoutes implements RouteContribution {
  constructor(
    @inject(FollowConfirmation) private readonly confirmation: FollowConfirmation,
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: CONFIRM_PATH, type: 'http', auth: 'public',
        handler: async (req) => {
          const { pending, record } = await this.checked(req);
          const link = { request: String(pending.requestId), at: String(pending.issuedAt), token: pending.token };
          const action = req.http.url.split('?')[0];
          return page('Follow this page?', <FollowConfirmPage {...record} email={pending.email} link={link} action={action} csrfToken={req.csrfToken()} />);
        },
      },
      {
        path: CONFIRM_PATH, type: 'http', auth: 'public', methods: ['POST'],
        rateLimit: { name: 'website_mail.follow_confirm', limit: 30, perAccount: 30, windowSeconds: 60 },
        handler: async (req) => {
          const { pending, record } = await this.checked(req);
          const done = await this.confirmation.confirm(req.env, pending);
          if (!done) throw new AccessDenied(INVALID_LINK);
          if (req.isPublic) rememberSessionFollow(req, `${pending.model}:${pending.resId}`, done.partnerId, done.created);
          return page('You are following this page', <FollowConfirmPage {...record} email={pending.email} />);
        },
      },
    ];
  }

  /** The link's pending follow and its record (name, path in the request's language); AccessDenied otherwise. */
  private async checked(req: RequestContext): Promise<{ pending: PendingFollow; record: { recordName: string; recordPath: string } }> {
    const pending = await this.confirmation.check(req.env, req.params);
    const opts = pending ? this.threads.optionsFor(req.site, pending.model) : undefined;
    const record = pending && opts?.follow ? await opts.recordLink(req.env.sudo(), pending.resId) : null;
    if (!pending || !record) throw new AccessDenied(INVALID_LINK);
    const urlCode = req.lang === req.site.defaultLang ? null : (await this.languages.find(req.lang))?.urlCode ?? null;
    return { pending, record: { recordName: record.name, recordPath: localizedPath(record.path, urlCode) } };
  }
}

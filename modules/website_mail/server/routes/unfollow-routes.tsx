import { inject, injectable } from 'inversify';
import { LanguageCatalog, type RequestContext, type RouteContribution, type RouteDefinition } from '@platform/http';
import { AccessDenied } from '@platform/core';
import { localizedPath } from '@platform/common';
import { page } from '@platform/web';
import { UnfollowPage } from '../../web/pages/unfollow-page';
import { FollowService } from '../services/follow-service';
import { FollowTokens, type FollowRef } from '../services/follow-tokens';
import { ThreadRegistry } from '../services/thread-registry';

const INVALID_LINK = 'This link is not valid. Use the link of the e-mail you received.';
const ID = /^\d{1,9}$/;

/**
 * The unfollow link of comment mails: GET shows a confirmation (it changes nothing, as mail scanners
 * open links), its button POSTs (CSRF-checked, rate-limited) and removes that one follow. Both are
 * authenticated by the HMAC token of (model, record, partner) the mail carried, never by a session.
 */
@injectable()
export class UnfollowRoutes implements RouteContribution {
  constructor(
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(FollowService) private readonly followers: FollowService,
    @inject(FollowTokens) private readonly tokens: FollowTokens,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/website_mail/unfollow', type: 'http', auth: 'public',
        handler: async (req) => {
          const { ref, token, recordName, recordPath, email } = await this.checkLink(req);
          const link = { model: ref.model, res_id: String(ref.resId), partner_id: String(ref.partnerId), token };
          const action = req.http.url.split('?')[0];
          return page('Stop following', <UnfollowPage recordName={recordName} recordPath={recordPath} email={email} link={link} action={action} csrfToken={req.csrfToken()} />);
        },
      },
      {
        path: '/website_mail/unfollow', type: 'http', auth: 'public', methods: ['POST'],
        rateLimit: { name: 'website_mail.unfollow', limit: 30, perAccount: 30, windowSeconds: 60 },
        handler: async (req) => {
          const { ref, recordName, recordPath, email } = await this.checkLink(req);
          await this.followers.unfollow(ref.model, ref.resId, ref.partnerId);
          return page('You no longer follow this page', <UnfollowPage recordName={recordName} recordPath={recordPath} email={email} />);
        },
      },
    ];
  }

  /** The link's follow if its token is right and its model can be followed here; AccessDenied otherwise. */
  private async checkLink(req: RequestContext) {
    const p = req.params;
    const text = (v: unknown, max: number) => (typeof v === 'string' && v.length <= max ? v : '');
    const model = text(p.model, 128);
    const resId = ID.test(text(p.res_id, 9)) ? Number(p.res_id) : 0;
    const partnerId = ID.test(text(p.partner_id, 9)) ? Number(p.partner_id) : 0;
    const token = text(p.token, 128);
    const ref: FollowRef = { model, resId, partnerId };
    const opts = model ? this.threads.optionsFor(req.site, model) : undefined;
    if (!opts || !opts.follow || !resId || !partnerId || !(await this.tokens.check(ref, token))) throw new AccessDenied(INVALID_LINK);
    const record = await opts.recordLink(req.env, resId);
    const [partner] = await req.env.sudo().model('res.partner').search_read([['id', '=', partnerId]], ['email']);
    if (!record || !partner) throw new AccessDenied(INVALID_LINK);
    const urlCode = req.lang === req.site.defaultLang ? null : (await this.languages.find(req.lang))?.urlCode ?? null;
    return { ref, token, recordName: record.name, recordPath: localizedPath(record.path, urlCode), email: String(partner.email ?? '') };
  }
}

import { inject, injectable } from 'inversify';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { type ContributionProvider, injectContributions, MissingError } from '@platform/core';
import { linkTarget } from '../services/mailing-body';
import { MailingTokens } from '../services/mailing-tokens';
import { MailingClickRedirect } from '../services/mailing-click-redirect';
import { RECIPIENT_TABLE } from '../services/recipient-table';

// A transparent 1x1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * Opens (tracking pixel) and clicks (redirect through this site) of a recipient. URLs carry an HMAC of
 * the recipient id. A click redirects only to a link written in that mailing's body, so the route
 * cannot be used as an open redirect. Each recipient counts once per statistic.
 */
@injectable()
export class TrackingRoutes implements RouteContribution {
  constructor(
    @inject(MailingTokens) private readonly tokens: MailingTokens,
    @injectContributions(MailingClickRedirect) private readonly clickRedirects: ContributionProvider<MailingClickRedirect>,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/mail/track/:recipient_id/:token/blank.gif', type: 'http', auth: 'public',
        handler: async (req) => {
          const id = await this.recipientId(req);
          // The image is the same whatever the token: a wrong one only goes uncounted.
          if (id) await req.env.db(RECIPIENT_TABLE).where({ id }).whereNull('opened_at').update({ opened_at: Date.now() });
          req.reply.header('Cache-Control', 'no-store');
          req.reply.send(PIXEL, 'image/gif');
        },
      },
      {
        path: '/mail/track/:recipient_id/:token/click/:index', type: 'http', auth: 'public',
        handler: async (req) => {
          const id = await this.recipientId(req);
          const index = /^\d{1,4}$/.test(req.pathParams.index) ? Number(req.pathParams.index) : -1;
          const row = id ? await req.env.db(`${RECIPIENT_TABLE} as r`).join('mail_mass_mailing as m', 'm.id', 'r.mailing_id')
            .where('r.id', id).first('m.id', 'm.subject', 'm.body_html') : undefined;
          const target = row && index >= 0 ? linkTarget(String(row.body_html ?? ''), index) : undefined;
          if (!target) throw new MissingError('This link does not exist.');
          const now = Date.now();
          await req.env.db(RECIPIENT_TABLE).where({ id }).whereNull('clicked_at').update({ clicked_at: now });
          await req.env.db(RECIPIENT_TABLE).where({ id }).whereNull('opened_at').update({ opened_at: now });
          const via = await this.redirectFor(req, target, { id: Number(row.id), subject: String(row.subject ?? '') });
          // A link the mailing's author wrote (checked http(s) below), or the link tracker's short URL here.
          if (/^https?:\/\//i.test(via)) req.reply.redirectAway(via);
          else if (via.startsWith('/')) req.reply.redirect(via, { keepLanguage: false });
          else throw new MissingError('This link does not exist.');
        },
      },
    ];
  }

  /** Through the first enabled module that wants the click (the link tracker), else straight to the link. */
  private async redirectFor(req: RequestContext, target: string, mailing: { id: number; subject: string }): Promise<string> {
    const redirects = this.clickRedirects.getContributionsFor((m) => req.site.modules.has(m));
    for (const r of redirects) {
      const via = await r.redirectFor(req, target, mailing);
      if (via) return via;
    }
    return target;
  }

  /** The recipient id when its token is right, else 0. */
  private async recipientId(req: RequestContext): Promise<number> {
    const raw = req.pathParams.recipient_id;
    const id = /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
    return id && (await this.tokens.signer()).checkTracking(id, req.pathParams.token) ? id : 0;
  }
}

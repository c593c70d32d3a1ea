import { inject, injectable } from 'inversify';
import { array, number, object, string, ValidationError as YupValidationError } from 'yup';
import type { RequestContext, RouteContribution, RouteDefinition } from '@platform/http';
import { AccessDenied, MissingError, ValidationError } from '@platform/core';
import type { Env } from '@platform/orm';
import { isValidEmail, normalizeEmail } from '../services/email-address';
import { MailingTokens } from '../services/mailing-tokens';
import { NewsletterService } from '../services/newsletter-service';
import { RECIPIENT_TABLE } from '../services/recipient-table';
import { unsubscribePage } from '../../web/pages/unsubscribe-page';
import { UNSUBSCRIBE_ALL } from '../../web/islands/unsubscribe-form';

const INVALID_LINK = 'This unsubscribe link is not valid. Use the link from the e-mail you received.';
const UNSUBSCRIBE_LIMIT = { name: 'newsletter.unsubscribe', limit: 30, perAccount: 30, windowSeconds: 60 };
/** A form sends one value as a string and several as an array. */
const ids = () => array(string().required().matches(/^\d{1,9}$/, 'Unknown mailing list.').max(9)).max(500).default([])
  .transform((value: unknown, original: unknown) => (typeof original === 'string' ? [original] : value));
/** The plain form's fields (strings, as forms send them). */
const formFields = object({
  email: string().default('').max(254),
  token: string().default('').max(128),
  list_ids: ids(),
  shown_ids: ids(),
  action: string().oneOf(['save', UNSUBSCRIBE_ALL]).default('save'),
});

/**
 * The personal unsubscribe page, its save (a plain form post, and the JSON call of the page's script),
 * and the RFC 8058 one-click POST. All are authenticated
 * by the HMAC token of (mailing, e-mail) carried by the link, never by a cookie: the one-click POST comes
 * from mail providers without any session, so it is exempt from CSRF by design, and replaying it is harmless.
 */
@injectable()
export class UnsubscribeRoutes implements RouteContribution {
  constructor(
    @inject(NewsletterService) private readonly newsletter: NewsletterService,
    @inject(MailingTokens) private readonly tokens: MailingTokens,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/mail/mailing/:mailing_id/unsubscribe', type: 'http', auth: 'public',
        handler: async (req) => {
          const { mailingId, email, token } = await this.checkLink(req, req.pathParams.mailing_id, req.params.email, req.params.token);
          return unsubscribePage({ mailingId, email, token, lists: await this.newsletter.subscriptionsOf(req.env, email) });
        },
      },
      {
        path: '/mail/mailing/:mailing_id/unsubscribe', type: 'http', auth: 'public', methods: ['POST'], csrf: false,
        handler: async (req) => {
          if (req.params['List-Unsubscribe'] !== 'One-Click') throw new ValidationError('A one-click unsubscribe request must contain List-Unsubscribe=One-Click.');
          // RFC 8058: the body says One-Click; the link's e-mail and token are in its query string.
          const query = new URLSearchParams(req.http.querystring);
          const { mailingId, email } = await this.checkLink(req, req.pathParams.mailing_id, query.get('email') ?? undefined, query.get('token') ?? undefined);
          await this.newsletter.optOut(req.env, email, await this.mailingLists(req.env, mailingId));
          await this.countUnsubscribe(req.env, mailingId, email);
          req.reply.send('You have been unsubscribed.', 'text/plain');
        },
      },
      {
        // The page's form without JavaScript: the link's e-mail and token come as hidden fields. The
        // token authenticates the address (no cookie is involved, so a session is not needed); the post
        // must come from a page of this site, as for the other plain forms (no per-visitor token: it
        // would expire while the page stays open, and a mail client's browser may refuse cookies).
        path: '/mail/mailing/:mailing_id/unsubscribe/save', type: 'http', auth: 'public', methods: ['POST'], csrf: 'origin',
        rateLimit: UNSUBSCRIBE_LIMIT,
        handler: async (req) => {
          const form = await formFields.validate(req.params, { abortEarly: true, stripUnknown: true }).catch((err: unknown) => {
            throw err instanceof YupValidationError ? new ValidationError(err.message) : err;
          });
          const { mailingId, email, token } = await this.checkLink(req, req.pathParams.mailing_id, form.email, form.token);
          const all = form.action === UNSUBSCRIBE_ALL;
          const shown = form.shown_ids.map(Number);
          const kept = all ? [] : form.list_ids.map(Number).filter((id) => shown.includes(id));
          const { optedOut, changed } = await this.newsletter.updateSubscriptions(req.env, email, kept, shown.filter((id) => !kept.includes(id)));
          if (optedOut) await this.countUnsubscribe(req.env, mailingId, email);
          const status = all ? 'all' : changed ? 'saved' : 'unchanged';
          return unsubscribePage({ mailingId, email, token, lists: await this.newsletter.subscriptionsOf(req.env, email), status });
        },
      },
      {
        path: '/mail/mailing/unsubscribe', type: 'json', auth: 'public',
        params: object({
          mailing_id: number().integer().positive().required(),
          email: string().required().max(254),
          token: string().required().max(128),
          opt_in_ids: array(number().integer().required()).max(500).default([]),
          opt_out_ids: array(number().integer().required()).max(500).default([]),
        }),
        rateLimit: UNSUBSCRIBE_LIMIT,
        handler: async (req) => {
          const p = req.params;
          const { mailingId, email } = await this.checkLink(req, String(p.mailing_id), p.email, p.token);
          const { optedOut, changed } = await this.newsletter.updateSubscriptions(req.env, email, p.opt_in_ids ?? [], p.opt_out_ids ?? []);
          if (optedOut) await this.countUnsubscribe(req.env, mailingId, email);
          // The form says "saved" only when something was: a save that changed nothing says so.
          return { changed };
        },
      },
    ];
  }

  /** An existing mailing and a token matching (mailing, e-mail); anything else is refused before reading more. */
  private async checkLink(req: RequestContext, rawId: string, rawEmail: unknown, token: unknown) {
    const mailingId = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
    const mailing = mailingId ? await req.env.db('mail_mass_mailing').where({ id: mailingId }).first('id') : undefined;
    if (!mailing) throw new MissingError('This mailing does not exist.');
    const email = typeof rawEmail === 'string' ? normalizeEmail(rawEmail) : '';
    const signer = await this.tokens.signer();
    if (!isValidEmail(email) || !signer.checkUnsubscribe(mailingId, email, token)) throw new AccessDenied(INVALID_LINK);
    return { mailingId, email, token: String(token) };
  }

  private async mailingLists(env: Env, mailingId: number): Promise<number[]> {
    return (await env.db('mail_mass_mailing_list_rel').where({ mailing_id: mailingId }).pluck('list_id')).map(Number);
  }

  /** The mailing's "unsubscribed" counter counts each recipient once, however often they unsubscribe. */
  private async countUnsubscribe(env: Env, mailingId: number, email: string): Promise<void> {
    await env.db(RECIPIENT_TABLE).where({ mailing_id: mailingId, email }).whereNull('unsubscribed_at').update({ unsubscribed_at: Date.now() });
  }
}

import { inject, injectable } from 'inversify';
import { number, object, string, ValidationError as YupValidationError } from 'yup';
import { type RequestContext, route, type RouteContribution, type RouteDefinition, safeRedirect } from '@platform/http';
import { page } from '@platform/web';
import { FollowResultPage } from '../../web/pages/follow-result-page';
import { AccessError, ValidationError } from '@platform/core';
import { SiteUrls } from '@platform/base';
import { followedBySession, partnersBySession, saveSessionFollows } from '../services/follow-session';
import { FollowConfirmation } from '../services/follow-confirmation';
import { FollowService, SESSION_EMAIL } from '../services/follow-service';
import { ThreadRegistry } from '../services/thread-registry';
import { LOOSE_EMAIL_RE } from '@platform/common';

const FOLLOW_LIMIT = { name: 'website_mail.follow', limit: 30, perAccount: 30, windowSeconds: 60 };
/** The plain follow form's fields (strings, as forms send them). */
const formFields = object({
  id: string().required().matches(/^\d{1,9}$/, 'This record does not exist or is not visible to you.').max(9),
  object: string().required().max(128),
  message_is_follower: string().max(8),
  email: string().max(254, 'Please enter a valid e-mail address.'),
});

/** What a follow call answers: whether the caller follows now, whether a confirmation is awaited, and what to say (English source). */
export interface FollowAnswer {
  is_follower: boolean;
  pending: boolean;
  message: string;
}
const PENDING: FollowAnswer = { is_follower: false, pending: true, message: 'Check your inbox to confirm: we sent you a link to follow this page.' };

/**
 * Follow / unfollow. Nobody makes an address a follower without its owner's consent (double opt-in):
 * a visitor's e-mail, and a signed-in user's own address until it is verified, only get a
 * confirmation mail (FollowConfirmation), and the follow starts once its link is followed. A signed-in
 * user whose address is verified (confirmed once by such a link, or an internal user's, whose account
 * an administrator made) follows at once, as their own partner. What a visitor may see or undo is
 * limited to the follows their own browser confirmed, so typing someone else's address reveals and
 * changes nothing: the answer is the same whether or not the address followed already.
 */
@injectable()
export class FollowRoutes implements RouteContribution {
  constructor(
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(FollowService) private readonly followers: FollowService,
    @inject(FollowConfirmation) private readonly confirmation: FollowConfirmation,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  routes(): RouteDefinition[] {
    return [
      route({
        path: '/website_mail/is_follower', type: 'json', auth: 'public',
        params: object({ model: string().required().max(128), res_id: number().integer().positive().required() }),
        handler: async (req) => {
          const { model, res_id } = req.params;
          this.threads.require(req.site, model, 'follow');
          await this.threads.assertVisible(req.env, model, res_id);
          if (!req.isPublic) {
            return { is_user: true, email: req.user.email ?? '', is_follower: await this.followers.isFollower(model, res_id, req.user.partnerId), alias_name: false };
          }
          const email = req.session.get(SESSION_EMAIL);
          return { is_user: false, email: typeof email === 'string' ? email : '', is_follower: followedBySession(req).includes(`${model}:${res_id}`), alias_name: false };
        },
      }),
      route({
        path: '/website_mail/follow', type: 'json', auth: 'public',
        rateLimit: FOLLOW_LIMIT,
        params: object({
          id: number().integer().positive().required(),
          object: string().required().max(128),
          message_is_follower: string().max(8),
          email: string().max(254),
        }),
        handler: async (req) => {
          const { id, object: model, message_is_follower, email } = req.params;
          return this.toggle(req, model, id, message_is_follower === 'on', email);
        },
      }),
      {
        // The follow box without JavaScript: a plain form on a publicly cached page (no per-visitor CSRF
        // token there), so the post must come from this site (Origin / Sec-Fetch-Site). Same rules as
        // above; the answer is a small page saying what happened, with the way back.
        path: '/website_mail/follow_form', type: 'http', methods: ['POST'], auth: 'public', csrf: 'origin',
        rateLimit: FOLLOW_LIMIT,
        handler: async (req) => {
          const back = safeRedirect(req.params.redirect, safeRedirect(req.http.header('referer'), '/', req.http.host), req.http.host);
          let fields: { id: string; object: string; message_is_follower?: string; email?: string };
          try {
            fields = await formFields.validate(req.params, { abortEarly: true, stripUnknown: true });
          } catch (err) {
            if (err instanceof YupValidationError) throw new ValidationError(err.message);
            throw err;
          }
          try {
            const answer = await this.toggle(req, fields.object, Number(fields.id), fields.message_is_follower === 'on', fields.email);
            return page('Follow', <FollowResultPage ok back={back} message={answer.message} />);
          } catch (err) {
            if (!(err instanceof ValidationError)) throw err;
            return page('Follow', <FollowResultPage ok={false} back={back} message={err.message} />, { status: 400 });
          }
        },
      },
    ];
  }

  /**
   * Follows (or, `unfollow`, stops following) as the user, or asks for the visitor's e-mail to follow;
   * answers whether the caller follows now or a confirmation mail is awaited.
   */
  private async toggle(req: RequestContext, model: string, id: number, unfollow: boolean, email?: string): Promise<FollowAnswer> {
    this.threads.require(req.site, model, 'follow');
    await this.threads.assertVisible(req.env, model, id);
    if (!req.isPublic) {
      if (unfollow) {
        await this.followers.unfollow(model, id, req.user.partnerId);
        return { is_follower: false, pending: false, message: 'You no longer follow this page.' };
      }
      const own = (req.user.email ?? '').trim();
      if (await this.verified(req, own)) {
        await this.followers.follow(model, id, req.user.partnerId);
        return { is_follower: true, pending: false, message: 'You are following this page.' };
      }
      if (!LOOSE_EMAIL_RE.test(own)) throw new ValidationError('Your account has no e-mail address to receive the news of this page.');
      await this.ask(req, model, id, own, req.user.partnerId);
      return PENDING;
    }
    const key = `${model}:${id}`;
    const followed = followedBySession(req);
    if (unfollow) {
      if (!followed.includes(key)) {
        throw new AccessError('Only the browser that followed this page with an e-mail address can stop following it here. Use the link in our e-mails or sign in.');
      }
      // Undo only the follows this session created, with the partner(s) THIS record was followed with.
      const { [key]: created = [], ...others } = partnersBySession(req);
      for (const partner of created) await this.followers.unfollow(model, id, partner);
      saveSessionFollows(req, followed.filter((k) => k !== key), others);
      return { is_follower: false, pending: false, message: 'You no longer follow this page.' };
    }
    const address = (email ?? '').trim();
    if (!LOOSE_EMAIL_RE.test(address)) throw new ValidationError('Please enter a valid e-mail address.');
    await this.ask(req, model, id, address, null);
    req.session.set(SESSION_EMAIL, address.toLowerCase());
    return PENDING;
  }

  /** A signed-in user's own address needs no confirmation: verified once, or an internal user's. */
  private async verified(req: RequestContext, email: string): Promise<boolean> {
    if (!req.user.partnerId || !LOOSE_EMAIL_RE.test(email)) return false;
    return req.env.user.groups.has('base.group_user') || this.followers.isEmailVerified(email);
  }

  private async ask(req: RequestContext, model: string, id: number, email: string, partnerId: number | null): Promise<void> {
    await this.confirmation.ask(req.env, {
      model, resId: id, email, partnerId, lang: req.lang, site: req.site, baseUrl: await this.urls.forMail(req), ip: req.ip,
    });
  }
}

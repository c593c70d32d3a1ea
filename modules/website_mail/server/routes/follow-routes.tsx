import { inject, injectable } from 'inversify';
import { number, object, string, ValidationError as YupValidationError } from 'yup';
import { safeRedirect } from '@platform/http/safe-redirect';
import { page } from '@platform/web/render';
import { FollowResultPage } from '../../web/pages/follow-result-page';
import type { RouteContribution } from '@platform/http/contribution-points';
import { AccessError, ValidationError } from '@platform/core/errors';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { FollowService, SESSION_EMAIL, SESSION_FOLLOWED, SESSION_FOLLOWED_AS } from '../services/follow-service';
import { ThreadRegistry } from '../services/thread-registry';
import { LOOSE_EMAIL_RE } from '@platform/common/email-pattern';

const FOLLOW_LIMIT = { name: 'website_mail.follow', limit: 30, perAccount: 30, windowSeconds: 60 };
/** The plain follow form's fields (strings, as forms send them). */
const formFields = object({
  id: string().required().matches(/^\d{1,9}$/, 'This record does not exist or is not visible to you.').max(9),
  object: string().required().max(128),
  message_is_follower: string().max(8),
  email: string().max(254, 'Please enter a valid e-mail address.'),
});

/** How many follows a visitor's session remembers (the oldest are forgotten first). */
const MAX_SESSION_FOLLOWS = 200;
/** Partners remembered per record, so repeated follows with new e-mails cannot grow the session forever. */
const MAX_PARTNERS_PER_FOLLOW = 10;
/**
 * Sessions written by an earlier version kept here the partner of the LAST follow, whether or not that
 * follow was made by the session (the address may have followed already): it proves nothing, so it is
 * only dropped.
 */
const LEGACY_SESSION_PARTNER = 'website_mail.partner_id';

function followedBySession(req: RequestContext): string[] {
  const v = req.session.get(SESSION_FOLLOWED);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * `model:id` -> partners whose follow THIS session created (usually one; two tabs may have used two
 * e-mails), ignoring anything malformed in the session.
 */
function partnersBySession(req: RequestContext): Record<string, number[]> {
  const v = req.session.get(SESSION_FOLLOWED_AS);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
  const entries = Object.entries(v as Record<string, unknown>).map(([k, ids]): [string, number[]] => [k, Array.isArray(ids) ? ids.filter((x): x is number => typeof x === 'number') : []]);
  return Object.fromEntries(entries.filter(([, ids]) => ids.length > 0));
}

/** Stores the session's follows; the partner map keeps only the records still in the list. */
function saveSessionFollows(req: RequestContext, followed: string[], partners: Record<string, number[]>): void {
  const kept = followed.slice(-MAX_SESSION_FOLLOWS);
  req.session.set(SESSION_FOLLOWED, kept);
  req.session.set(SESSION_FOLLOWED_AS, Object.fromEntries(kept.filter((k) => k in partners).map((k) => [k, partners[k]])));
  req.session.delete(LEGACY_SESSION_PARTNER);
}

/**
 * Follow / unfollow. Users follow as their own partner. Visitors type an e-mail and can only ADD that
 * address as a follower; what they may see or undo afterwards is limited to the follows made from
 * their own browser session, so typing someone else's address reveals and changes nothing else. A
 * session may only remove a follow it created: typing the address of someone who already follows the
 * record answers like a new follow (nothing tells that they did), and undoing it removes nothing.
 */
@injectable()
export class FollowRoutes implements RouteContribution {
  constructor(
    @inject(ThreadRegistry) private readonly threads: ThreadRegistry,
    @inject(FollowService) private readonly followers: FollowService,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/website_mail/is_follower', type: 'json', auth: 'public',
        params: object({ model: string().required().max(128), res_id: number().integer().positive().required() }),
        handler: async (req) => {
          const { model, res_id } = req.params as { model: string; res_id: number };
          this.threads.require(req.site, model, 'follow');
          await this.threads.assertVisible(req.env, model, res_id);
          if (!req.isPublic) {
            return { is_user: true, email: req.user.email ?? '', is_follower: await this.followers.isFollower(model, res_id, req.user.partnerId), alias_name: false };
          }
          const email = req.session.get(SESSION_EMAIL);
          return { is_user: false, email: typeof email === 'string' ? email : '', is_follower: followedBySession(req).includes(`${model}:${res_id}`), alias_name: false };
        },
      },
      {
        path: '/website_mail/follow', type: 'json', auth: 'public',
        rateLimit: FOLLOW_LIMIT,
        params: object({
          id: number().integer().positive().required(),
          object: string().required().max(128),
          message_is_follower: string().max(8),
          email: string().max(254),
        }),
        handler: async (req) => {
          const { id, object: model, message_is_follower, email } = req.params as { id: number; object: string; message_is_follower?: string; email?: string };
          return this.toggle(req, model, id, message_is_follower === 'on', email);
        },
      },
      {
        // The follow box without JavaScript: a plain form on a publicly cached page (no per-visitor CSRF
        // token there), so the post must come from this site (Origin / Sec-Fetch-Site). Same rules as
        // above; the answer is a small page saying what happened, with the way back.
        path: '/website_mail/follow_form', type: 'http', methods: ['POST'], auth: 'public', csrf: 'origin',
        rateLimit: FOLLOW_LIMIT,
        handler: async (req) => {
          const back = safeRedirect(req.params.redirect, safeRedirect(req.koa.get('referer'), '/', req.koa.host), req.koa.host);
          let fields: { id: string; object: string; message_is_follower?: string; email?: string };
          try {
            fields = await formFields.validate(req.params, { abortEarly: true, stripUnknown: true });
          } catch (err) {
            if (err instanceof YupValidationError) throw new ValidationError(err.message);
            throw err;
          }
          try {
            const following = await this.toggle(req, fields.object, Number(fields.id), fields.message_is_follower === 'on', fields.email);
            return page('Follow', <FollowResultPage ok back={back} message={following ? 'You are following this page.' : 'You no longer follow this page.'} />);
          } catch (err) {
            if (!(err instanceof ValidationError)) throw err;
            return page('Follow', <FollowResultPage ok={false} back={back} message={err.message} />, { status: 400 });
          }
        },
      },
    ];
  }

  /** Follows (or, `unfollow`, stops following) as the user, or as the visitor's e-mail; returns whether the caller follows now. */
  private async toggle(req: RequestContext, model: string, id: number, unfollow: boolean, email?: string): Promise<boolean> {
    this.threads.require(req.site, model, 'follow');
    await this.threads.assertVisible(req.env, model, id);
    if (!req.isPublic) {
      if (unfollow) await this.followers.unfollow(model, id, req.user.partnerId);
      else await this.followers.follow(model, id, req.user.partnerId);
      return !unfollow;
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
      return false;
    }
    const address = (email ?? '').trim();
    if (!LOOSE_EMAIL_RE.test(address)) throw new ValidationError('Please enter a valid e-mail address.');
    const partnerId = await this.followers.partnerForEmail(address, req.lang);
    const created = await this.followers.follow(model, id, partnerId);
    req.session.set(SESSION_EMAIL, address.toLowerCase());
    const partners = partnersBySession(req);
    // The session shows the record as followed either way, but may only ever undo a follow it made.
    if (created) partners[key] = [...new Set([...(partners[key] ?? []), partnerId])].slice(-MAX_PARTNERS_PER_FOLLOW);
    saveSessionFollows(req, [...followed.filter((k) => k !== key), key], partners);
    return true;
  }
}

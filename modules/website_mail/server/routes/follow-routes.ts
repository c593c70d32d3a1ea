import { inject, injectable } from 'inversify';
import { number, object, string } from 'yup';
import type { RouteContribution } from '../../../../platform/kernel/contribution-points';
import { AccessError, ValidationError } from '../../../../platform/kernel/errors';
import type { RequestState } from '../../../../platform/http/request-state';
import type { RequestContext, RouteDefinition } from '../../../../platform/http/route-definition';
import { FOLLOW_EMAIL_RE, FollowService, SESSION_EMAIL, SESSION_FOLLOWED } from '../services/follow-service';
import { ThreadRegistry } from '../services/thread-registry';

function followedBySession(req: RequestContext): string[] {
  const v = req.session.get(SESSION_FOLLOWED);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * Follow / unfollow. Users follow as their own partner. Visitors type an e-mail and can only ADD that
 * address as a follower; what they may see or undo afterwards is limited to the follows made from
 * their own browser session, so typing someone else's address reveals and changes nothing else.
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
          const state = req.koa.state as RequestState;
          if (!state.isPublic) {
            return { is_user: true, email: state.user.email ?? '', is_follower: await this.followers.isFollower(model, res_id, state.user.partnerId), alias_name: false };
          }
          const email = req.session.get(SESSION_EMAIL);
          return { is_user: false, email: typeof email === 'string' ? email : '', is_follower: followedBySession(req).includes(`${model}:${res_id}`), alias_name: false };
        },
      },
      {
        path: '/website_mail/follow', type: 'json', auth: 'public',
        rateLimit: { name: 'website_mail.follow', limit: 30, windowSeconds: 60 },
        params: object({
          id: number().integer().positive().required(),
          object: string().required().max(128),
          message_is_follower: string().max(8),
          email: string().max(254),
        }),
        handler: async (req) => {
          const { id, object: model, message_is_follower, email } = req.params as { id: number; object: string; message_is_follower?: string; email?: string };
          this.threads.require(req.site, model, 'follow');
          await this.threads.assertVisible(req.env, model, id);
          // "on" means the page shows the visitor as a follower already: the click unfollows.
          const unfollow = message_is_follower === 'on';
          const state = req.koa.state as RequestState;
          if (!state.isPublic) {
            if (unfollow) await this.followers.unfollow(model, id, state.user.partnerId);
            else await this.followers.follow(model, id, state.user.partnerId);
            return !unfollow;
          }
          const key = `${model}:${id}`;
          const followed = followedBySession(req);
          if (unfollow) {
            const partner = req.session.get('website_mail.partner_id');
            if (!followed.includes(key) || typeof partner !== 'number') {
              throw new AccessError('Only the browser that followed this page with an e-mail address can stop following it here. Use the link in our e-mails or sign in.');
            }
            await this.followers.unfollow(model, id, partner);
            req.session.set(SESSION_FOLLOWED, followed.filter((k) => k !== key));
            return false;
          }
          const address = (email ?? '').trim();
          if (!FOLLOW_EMAIL_RE.test(address)) throw new ValidationError('Please enter a valid e-mail address.');
          const partnerId = await this.followers.partnerForEmail(address);
          await this.followers.follow(model, id, partnerId);
          req.session.set('website_mail.partner_id', partnerId);
          req.session.set(SESSION_EMAIL, address.toLowerCase());
          req.session.set(SESSION_FOLLOWED, [...followed.filter((k) => k !== key), key].slice(-200));
          return true;
        },
      },
    ];
  }
}

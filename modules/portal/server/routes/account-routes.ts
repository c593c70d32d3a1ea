import { inject, injectable } from 'inversify';
import { number, object } from 'yup';
import type { RouteContribution } from '@platform/http/contribution-points';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { safeRedirect } from '@platform/http/safe-redirect';
import { accountPage } from '../../web/pages/account-page';
import { AccountDetails, type CheckResult } from '../services/account-details';

const SAVED_FLAG = 'portal.details_saved';

/**
 * `/my/account`: the signed-in user's details form. A POST is checked as a whole; on any error the
 * form comes back with the posted values and per-field errors and nothing is written. On success the
 * browser goes to `redirect` (on this site only) or back to the form, which shows a saved notice once.
 */
@injectable()
export class AccountRoutes implements RouteContribution {
  constructor(@inject(AccountDetails) private readonly details: AccountDetails) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/my/account', methods: ['GET', 'POST'], type: 'http', auth: 'user',
        rateLimit: { name: 'portal.account', limit: 60, perAccount: 60, windowSeconds: 60 },
        handler: (req) => (req.koa.method === 'POST' ? this.post(req) : this.get(req)),
      },
      {
        // The state select follows the country select (the page also works without it: the server re-checks).
        path: '/my/account/states', type: 'json', auth: 'public',
        params: object({ country_id: number().integer().positive().required() }),
        handler: async (req) => this.details.states(req.env, (req.params as { country_id: number }).country_id),
      },
    ];
  }

  private partnerId(req: RequestContext): number {
    return req.env.user.partnerId!;
  }

  private async get(req: RequestContext) {
    const values = await this.details.load(req.env, this.partnerId(req));
    const saved = Boolean(req.session.get(SAVED_FLAG));
    if (saved) req.session.delete(SAVED_FLAG);
    return this.render(req, { values, errors: {}, messages: [] }, saved, typeof req.params.redirect === 'string' ? req.params.redirect : '');
  }

  private async post(req: RequestContext) {
    const result = await this.details.check(req.env, req.params);
    const redirect = typeof req.params.redirect === 'string' ? req.params.redirect : '';
    // The form comes back with its errors as a normal page (200), as the reference does.
    if (result.messages.length || Object.keys(result.errors).length) return this.render(req, result, false, redirect);
    await this.details.save(req.env, this.partnerId(req), result.values);
    const target = safeRedirect(redirect, '/my/account', req.koa.host);
    if (target === '/my/account') req.session.set(SAVED_FLAG, true);
    req.koa.redirect(target);
    return undefined;
  }

  private async render(req: RequestContext, result: CheckResult, saved: boolean, redirect: string) {
    req.koa.set('X-Frame-Options', 'DENY');
    const countryId = Number(result.values.country_id);
    const [countries, states] = await Promise.all([
      this.details.countries(req.env),
      Number.isInteger(countryId) && countryId > 0 ? this.details.states(req.env, countryId) : Promise.resolve([]),
    ]);
    return accountPage({ ...result, countries, states, saved, redirect, csrfToken: req.csrfToken() });
  }
}

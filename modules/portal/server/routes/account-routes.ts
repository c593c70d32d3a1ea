import { inject, injectable } from 'inversify';
import { number, object } from 'yup';
import { UserAccounts } from '@platform/base';
import { AccessDenied, ValidationError } from '@platform/core';
import { AuthService, LanguageCatalog, type RequestContext, route, type RouteContribution, type RouteDefinition, safeRedirect, SessionStore, TooManyRequests } from '@platform/http';
import { localizedPath } from '@platform/common';
import { TranslationCatalog } from '@platform/web';
import { accountPage, type PasswordErrors } from '../../web/pages/account-page';
import { AccountDetails, type CheckResult } from '../services/account-details';

/** The platform's minimum password length (UserAccounts checks it again). */
const MIN_PASSWORD_LENGTH = 8;

const SAVED_FLAG = 'portal.details_saved';
const PASSWORD_FLAG = 'portal.password_changed';

/**
 * `/my/account`: the signed-in user's details form. A POST is checked as a whole; on any error the
 * form comes back with the posted values and per-field errors and nothing is written. On success the
 * browser goes to `redirect` (on this site only) or back to the form, which shows a saved notice once.
 */
@injectable()
export class AccountRoutes implements RouteContribution {
  constructor(
    @inject(AccountDetails) private readonly details: AccountDetails,
    @inject(AuthService) private readonly auth: AuthService,
    @inject(UserAccounts) private readonly accounts: UserAccounts,
    @inject(SessionStore) private readonly sessions: SessionStore,
    @inject(TranslationCatalog) private readonly catalog: TranslationCatalog,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/my/account', methods: ['GET', 'POST'], type: 'http', auth: 'user',
        rateLimit: { name: 'portal.account', limit: 60, perAccount: 60, windowSeconds: 60 },
        handler: (req) => (req.http.method === 'POST' ? this.post(req) : this.get(req)),
      },
      {
        // The current password is checked by the login's own throttled check: guessing it here is no
        // faster than on the login form (and counts against the same limits).
        path: '/my/account/password', methods: ['POST'], type: 'http', auth: 'user',
        rateLimit: { name: 'portal.password', limit: 20, perAccount: 20, windowSeconds: 900 },
        handler: (req) => this.changePassword(req),
      },
      route({
        // The state select follows the country select (the page also works without it: the server re-checks).
        path: '/my/account/states', type: 'json', auth: 'public',
        params: object({ country_id: number().integer().positive().required() }),
        handler: async (req) => this.details.states(req.env, req.params.country_id),
      }),
    ];
  }

  /** A path of this site in the request's language (`/fr/my/account`). */
  private async localized(req: RequestContext, path: string): Promise<string> {
    const language = req.lang === req.site.defaultLang ? undefined : await this.languages.find(req.lang);
    return localizedPath(path, language?.urlCode ?? null);
  }

  private partnerId(req: RequestContext): number {
    return req.env.user.partnerId!;
  }

  private async get(req: RequestContext) {
    const values = await this.details.load(req.env, this.partnerId(req));
    const saved = Boolean(req.session.get(SAVED_FLAG));
    if (saved) req.session.delete(SAVED_FLAG);
    const passwordChanged = Boolean(req.session.get(PASSWORD_FLAG));
    if (passwordChanged) req.session.delete(PASSWORD_FLAG);
    return this.render(req, { values, errors: {}, messages: [] }, saved, typeof req.params.redirect === 'string' ? req.params.redirect : '', {}, passwordChanged);
  }

  /**
   * Current password, new one twice. On success the other sessions of the account end (whoever learnt
   * the old password may be signed in elsewhere) and this one gets a new id; nothing changes on error.
   */
  private async changePassword(req: RequestContext) {
    const field = (name: string) => (typeof req.params[name] === 'string' ? req.params[name] as string : '');
    const current = field('current_password');
    const next = field('new_password');
    const errors: PasswordErrors = {};
    let throttled = false;
    if (next.length < MIN_PASSWORD_LENGTH) errors.new_password = 'The password must have at least 8 characters.';
    else if (next.length > 1024) errors.new_password = 'The password is too long.';
    else if (next !== field('confirm_password')) errors.confirm_password = 'Passwords do not match; please retype them.';
    if (!current) errors.current_password = 'Type your current password.';
    if (!errors.current_password) {
      try {
        await this.auth.authenticate(req.user.login, current, req.ip);
      } catch (err) {
        if (err instanceof TooManyRequests) {
          req.reply.header('Retry-After', String(err.retryAfterSeconds));
          throttled = true;
          errors.current_password = err.message;
        } else if (err instanceof AccessDenied) {
          errors.current_password = 'The current password is not right.';
        } else {
          throw err;
        }
      }
    }
    if (!errors.current_password && !errors.new_password && !errors.confirm_password) {
      try {
        await this.accounts.setPassword(req.user.login, next);
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        errors.new_password = err.message;
      }
    }
    if (errors.current_password || errors.new_password || errors.confirm_password) {
      req.reply.status(throttled ? 429 : 400);
      const values = await this.details.load(req.env, this.partnerId(req));
      return this.render(req, { values, errors: {}, messages: [] }, false, '', errors, false);
    }
    await this.sessions.destroyOthers(req.user.id, req.session);
    await this.sessions.rotate(req.session);
    req.session.set(PASSWORD_FLAG, true);
    req.reply.redirect(await this.localized(req, '/my/account'), { keepLanguage: false });
    return undefined;
  }

  private async post(req: RequestContext) {
    const result = await this.details.check(req.env, req.params);
    const redirect = typeof req.params.redirect === 'string' ? req.params.redirect : '';
    // The form comes back with its errors as a normal page (200), as the reference does.
    if (result.messages.length || Object.keys(result.errors).length) return this.render(req, result, false, redirect, {}, false);
    await this.details.save(req.env, this.partnerId(req), result.values);
    const target = safeRedirect(redirect, '/my/account', req.http.host);
    if (target === '/my/account') req.session.set(SAVED_FLAG, true);
    req.reply.redirect(target, { keepLanguage: false });
    return undefined;
  }

  private async render(req: RequestContext, result: CheckResult, saved: boolean, redirect: string, passwordErrors: PasswordErrors, passwordChanged: boolean) {
    req.reply.header('X-Frame-Options', 'DENY');
    const countryId = Number(result.values.country_id);
    const [countries, states] = await Promise.all([
      this.details.countries(req.env),
      Number.isInteger(countryId) && countryId > 0 ? this.details.states(req.env, countryId) : Promise.resolve([]),
    ]);
    const p = accountPage({ ...result, countries, states, saved, redirect, csrfToken: req.csrfToken(), passwordErrors, passwordChanged });
    return { ...p, title: this.catalog.translate(req.site.modules, req.lang, p.title) };
  }
}

import { inject, injectable } from 'inversify';
import { object, string } from 'yup';
import type { Config } from '@platform/core/config';
import type { RouteContribution } from '@platform/http/contribution-points';
import { AccessDenied, UserError } from '@platform/core/errors';
import { ConfigToken } from '@platform/core/tokens';
import { AuthService } from '@platform/http/auth-service';
import { loginUrl } from '@platform/http/login-url';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { safeRedirect } from '@platform/http/safe-redirect';
import { SessionStore } from '@platform/http/session-store';
import { TooManyRequests } from '@platform/http/too-many-requests';
import { UserDirectory, type UserInfo } from '@platform/http/user-directory';
import { BackofficeShell } from '@platform/web/backoffice/backoffice-shell';
import { UserAccounts } from '../services/user-accounts';
import { SiteUrls } from '../services/site-urls';
import { ADMIN_GROUP } from '@platform/orm/access-control';
import { loginPage, logoutPage, signupPage } from './login-page';
import { sessionInfo } from '../session-info';
import { TranslationCatalog } from '@platform/web/translation-catalog';
import { translatedTitle } from './translated-title';

/** Login, logout, sign-up and the session calls external JSON-RPC clients use. */
@injectable()
export class SessionRoutes implements RouteContribution {
  constructor(
    @inject(AuthService) private readonly auth: AuthService,
    @inject(SessionStore) private readonly sessions: SessionStore,
    @inject(UserAccounts) private readonly accounts: UserAccounts,
    @inject(ConfigToken) private readonly config: Config,
    @inject(UserDirectory) private readonly users: UserDirectory,
    @inject(TranslationCatalog) private readonly catalog: TranslationCatalog,
    @inject(BackofficeShell) private readonly backoffice: BackofficeShell,
    @inject(SiteUrls) private readonly urls: SiteUrls,
  ) {}

  /** Account pages have their tab title in the visitor's language too. */
  private page<T extends { title: string }>(req: RequestContext, p: T): T {
    return translatedTitle(this.catalog, req, p);
  }

  private async logIn(req: RequestContext, user: UserInfo): Promise<void> {
    await this.sessions.rotate(req.session); // a new id at login: a planted id is worthless
    req.session.uid = user.id;
    req.session.dirty = true;
    req.user = user;
    req.isPublic = false;
    if (user.groups.has(ADMIN_GROUP)) await this.urls.recordAdministratorAddress(req);
  }

  routes(): RouteDefinition[] {
    return [
      {
        path: '/web/login', type: 'http', auth: 'public', methods: ['GET'],
        handler: (req) => {
          const redirect = safeRedirect(req.params.redirect, '/');
          if (!req.isPublic) return req.koa.redirect(redirect);
          return this.page(req, loginPage({ csrfToken: req.csrfToken(), redirect, notice: req.params.password_reset ? 'Your password has been changed. Sign in with your new password.' : undefined }));
        },
      },
      {
        path: '/web/login', type: 'http', auth: 'public', methods: ['POST'],
        handler: async (req) => {
          const redirect = safeRedirect(req.params.redirect, '/');
          try {
            const user = await this.auth.authenticate(req.params.login, req.params.password, req.ip);
            await this.logIn(req, user);
            req.koa.redirect(redirect);
          } catch (err) {
            if (err instanceof TooManyRequests) {
              req.koa.status = 429;
              req.koa.set('Retry-After', String(err.retryAfterSeconds));
            } else if (err instanceof AccessDenied) {
              req.koa.status = 401;
            } else {
              throw err;
            }
            return this.page(req, loginPage({ csrfToken: req.csrfToken(), redirect, login: String(req.params.login ?? '').slice(0, 256), error: err.message }));
          }
        },
      },
      {
        // A link, an image or another site's page must not sign anyone out: signed-in users get a page
        // whose form posts the sign-out with a CSRF token (the site's own Sign out is such a form).
        path: '/web/session/logout', type: 'http', auth: 'none', methods: ['GET'],
        handler: (req) => {
          const redirect = safeRedirect(req.params.redirect, '/');
          if (req.isPublic) return req.koa.redirect(redirect);
          return this.page(req, logoutPage({ csrfToken: req.csrfToken(), redirect }));
        },
      },
      {
        path: '/web/session/logout', type: 'http', auth: 'none', methods: ['POST'],
        handler: (req) => {
          req.session.uid = null;
          req.session.data = {};
          req.session.dirty = true;
          req.koa.redirect(safeRedirect(req.params.redirect, '/'));
        },
      },
      {
        // `/web?redirect=<url>` signs in and goes back there (the spec's login redirect); `/web` alone is
        // the back office: internal users get the app, visitors the login page, other users a 403 page.
        path: '/web', type: 'http', auth: 'public', methods: ['GET'],
        handler: (req) => {
          if (req.params.redirect !== undefined) {
            const target = safeRedirect(req.params.redirect, '/', req.koa.host);
            return req.koa.redirect(req.isPublic ? loginUrl(target) : target);
          }
          if (req.isPublic) return req.koa.redirect(loginUrl('/web'));
          if (!this.backoffice.isInternal(req)) throw new AccessDenied('The back office is for internal users.');
          req.koa.set('Cache-Control', 'no-store');
          return this.backoffice.render(req);
        },
      },
      {
        path: '/web/signup', type: 'http', auth: 'public', methods: ['GET'],
        handler: (req) => this.page(req, signupPage({ csrfToken: req.csrfToken(), redirect: safeRedirect(req.params.redirect, '/'), values: {} })),
      },
      {
        path: '/web/signup', type: 'http', auth: 'public', methods: ['POST'],
        // Per address, and for the whole site: many addresses must not make accounts by the hundred either.
        rateLimit: { name: 'signup', limit: this.config.signupLimits.perIp, perSite: this.config.signupLimits.perSite, windowSeconds: this.config.signupLimits.windowSeconds },
        handler: async (req) => {
          const p = req.params as Record<string, string>;
          const redirect = safeRedirect(p.redirect, '/');
          try {
            if (p.password !== p.confirm_password) throw new UserError('Passwords do not match; please retype them.');
            const uid = await this.accounts.create({ name: p.name, login: p.login, password: p.password });
            // The account exists now: log it in directly. Authenticating again would hash the password a
            // second time and could be refused by the login rate limit, leaving an account the form
            // then calls taken.
            const user = await this.users.get(uid);
            if (!user) throw new UserError('Sign-up failed');
            await this.logIn(req, user);
            req.koa.redirect(redirect);
          } catch (err) {
            if (!(err instanceof UserError)) throw err;
            req.koa.status = 400;
            return this.page(req, signupPage({ csrfToken: req.csrfToken(), redirect, values: { name: p.name, login: p.login }, error: err.message }));
          }
        },
      },
      {
        path: '/web/session/authenticate', type: 'json', auth: 'none',
        params: object({ db: string().max(128), login: string().required().max(256), password: string().required().max(1024), base_location: string().max(2048) }),
        handler: async (req) => {
          const user = await this.auth.authenticate(req.params.login, req.params.password, req.ip);
          await this.logIn(req, user);
          return sessionInfo(user, req.lang, this.config);
        },
      },
      {
        path: '/web/session/get_session_info', type: 'json', auth: 'user', params: object({}),
        handler: (req) => {
          return sessionInfo(req.user, req.lang, this.config);
        },
      },
      {
        path: '/web/session/destroy', type: 'json', auth: 'none', params: object({}),
        handler: (req) => {
          req.session.uid = null;
          req.session.data = {};
          req.session.dirty = true;
          return true;
        },
      },
    ];
  }
}

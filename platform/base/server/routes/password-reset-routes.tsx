import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { LoggerToken } from '@platform/core/tokens';
import { UserError, ValidationError } from '@platform/core/errors';
import type { RouteContribution } from '@platform/http/contribution-points';
import { LanguageCatalog } from '@platform/http/language-catalog';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { TranslationCatalog } from '@platform/web/translation-catalog';
import { PasswordReset } from '../services/password-reset';
import { SiteUrls } from '../services/site-urls';
import { MIN_PASSWORD_LENGTH } from '../services/user-accounts';
import { invalidResetLinkPage, newPasswordPage, resetRequestPage } from './login-page';
import { translatedTitle } from './translated-title';

/** Requests (links asked for, new passwords posted) one address may make per hour. */
export const RESET_REQUESTS_PER_HOUR = 10;

/**
 * `/web/reset_password`: without a token, the form asking for the link (always the same answer);
 * with `?token=`, the form choosing the new password, which then leads to the sign-in page.
 */
@injectable()
export class PasswordResetRoutes implements RouteContribution {
  constructor(
    @inject(PasswordReset) private readonly reset: PasswordReset,
    @inject(SiteUrls) private readonly urls: SiteUrls,
    @inject(TranslationCatalog) private readonly catalog: TranslationCatalog,
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(LoggerToken) private readonly logger: Logger,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/web/reset_password', type: 'http', auth: 'public', methods: ['GET'],
        handler: async (req) => {
          req.koa.set('Cache-Control', 'no-store');
          req.koa.set('Referrer-Policy', 'no-referrer'); // the token must not leak to another site
          if (req.params.token === undefined) return this.title(req, resetRequestPage({ csrfToken: req.csrfToken() }));
          const account = await this.reset.check(req.params.token);
          if (!account) return this.title(req, invalidResetLinkPage());
          return this.title(req, newPasswordPage({ csrfToken: req.csrfToken(), token: String(req.params.token), login: account.login, errors: {} }));
        },
      },
      {
        path: '/web/reset_password', type: 'http', auth: 'public', methods: ['POST'],
        rateLimit: { name: 'reset_password', limit: RESET_REQUESTS_PER_HOUR, windowSeconds: 3600 },
        handler: (req) => {
          req.koa.set('Cache-Control', 'no-store');
          req.koa.set('Referrer-Policy', 'no-referrer');
          return req.params.token === undefined ? this.askForLink(req) : this.setPassword(req);
        },
      },
    ];
  }

  private async askForLink(req: RequestContext) {
    const login = typeof req.params.login === 'string' ? req.params.login.trim() : '';
    if (!login || login.length > 256) {
      req.koa.status = 400;
      return this.title(req, resetRequestPage({ csrfToken: req.csrfToken(), login, error: 'Type the e-mail address or login of your account.' }));
    }
    if (!this.reset.available) throw new UserError('This site cannot send e-mails: ask its administrator to reset your password.');
    const base = await this.urls.forMail(req);
    if (!base) {
      // The same answer to the visitor; the operator learns why nothing went out.
      this.logger.warn({ site: req.site.id }, 'password reset mail not sent: set the site\'s public base URL (site settings)');
      return this.title(req, resetRequestPage({ csrfToken: req.csrfToken(), sent: true }));
    }
    await this.reset.request(login, {
      linkBase: `${base}${await this.localized(req, '')}`,
      siteName: req.site.name,
      _t: (s) => this.catalog.translate(req.site.modules, req.lang, s),
    });
    return this.title(req, resetRequestPage({ csrfToken: req.csrfToken(), sent: true }));
  }

  private async setPassword(req: RequestContext) {
    const token = req.params.token;
    const password = typeof req.params.password === 'string' ? req.params.password : '';
    const confirm = typeof req.params.confirm_password === 'string' ? req.params.confirm_password : '';
    const account = await this.reset.check(token);
    if (!account) return this.title(req, invalidResetLinkPage());
    const errors: { password?: string; confirm_password?: string } = {};
    if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'The password must have at least 8 characters.';
    else if (password.length > 1024) errors.password = 'The password is too long.';
    else if (password !== confirm) errors.confirm_password = 'Passwords do not match; please retype them.';
    if (errors.password || errors.confirm_password) {
      req.koa.status = 400;
      return this.title(req, newPasswordPage({ csrfToken: req.csrfToken(), token: String(token), login: account.login, errors }));
    }
    try {
      await this.reset.reset(token, password, confirm);
    } catch (err) {
      if (err instanceof ValidationError) {
        req.koa.status = 400;
        return this.title(req, newPasswordPage({ csrfToken: req.csrfToken(), token: String(token), login: account.login, errors: { password: err.message } }));
      }
      if (err instanceof UserError) return this.title(req, invalidResetLinkPage());
      throw err;
    }
    req.koa.redirect(await this.localized(req, '/web/login?password_reset=1'));
    return undefined;
  }

  /** A path in the request's language (`/fr/web/login`); '' gives the bare prefix. */
  private async localized(req: RequestContext, path: string): Promise<string> {
    const language = req.lang === req.site.defaultLang ? undefined : await this.languages.find(req.lang);
    return language ? `/${language.urlCode}${path}` : path;
  }

  private title<T extends { title: string }>(req: RequestContext, p: T): T {
    return translatedTitle(this.catalog, req, p);
  }
}

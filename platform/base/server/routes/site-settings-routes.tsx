import { inject, injectable } from 'inversify';
import { object, string } from 'yup';
import type { RouteContribution } from '@platform/http/contribution-points';
import type { RequestContext, RouteDefinition } from '@platform/http/route-definition';
import { TranslationCatalog } from '@platform/web/translation-catalog';
import { siteSettingsPage } from '../../web/pages/site-settings-page';
import { LOGO_MAX_BYTES, SiteSettings, type SettingsErrors } from '../services/site-settings';
import type { SiteSettingsValues } from '../services/site-settings-schema';
import { translatedTitle } from './translated-title';

const SAVED_FLAG = 'base.site_settings_saved';
/** base64 of the largest logo, plus room for a `data:image/...;base64,` prefix. */
const LOGO_PARAM_MAX = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 100;

/**
 * `/website/settings`: the site's settings for administrators, a plain form post (works without
 * JavaScript) checked as a whole by the server; the logo is uploaded by an island as JSON. Everybody
 * else signed in gets a 403, visitors the login page.
 */
@injectable()
export class SiteSettingsRoutes implements RouteContribution {
  constructor(
    @inject(SiteSettings) private readonly settings: SiteSettings,
    @inject(TranslationCatalog) private readonly catalog: TranslationCatalog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        path: '/website/settings', methods: ['GET', 'POST'], type: 'http', auth: 'user', groups: ['base.group_system'], refusal: 'Only administrators can change the site settings.',
        rateLimit: { name: 'base.site_settings', limit: 60, perAccount: 60, windowSeconds: 60 },
        handler: (req) => (req.koa.method === 'POST' ? this.post(req) : this.get(req)),
      },
      {
        path: '/website/settings/logo', type: 'json', auth: 'user', groups: ['base.group_system'], refusal: 'Only administrators can change the site settings.',
        params: object({ image: string().defined().max(LOGO_PARAM_MAX) }),
        maxUserBodyBytes: LOGO_PARAM_MAX + 1024,
        rateLimit: { name: 'base.site_logo', limit: 30, perAccount: 30, windowSeconds: 60 },
        handler: async (req) => {
          await this.settings.saveLogo(req.env, req.site.id, (req.params as { image: string }).image);
          return true;
        },
      },
    ];
  }

  private async get(req: RequestContext) {
    this.settings.assertAdmin(req.env);
    const { values, hasLogo } = await this.settings.load(req.env, req.site.id);
    const saved = Boolean(req.session.get(SAVED_FLAG));
    if (saved) req.session.delete(SAVED_FLAG);
    return this.render(req, values, {}, hasLogo, saved);
  }

  private async post(req: RequestContext) {
    this.settings.assertAdmin(req.env);
    const installed = (await this.settings.languages()).map((l) => l.code);
    const { values, errors } = this.settings.read(req.params, installed);
    const found = await this.settings.save(req.env, req.site.id, values, errors);
    if (Object.keys(found).length) {
      req.koa.status = 400;
      const { hasLogo } = await this.settings.load(req.env, req.site.id);
      return this.render(req, values, found, hasLogo, false);
    }
    req.session.set(SAVED_FLAG, true);
    // Back to the form in the language it was posted in, unless the site no longer has that language
    // (a prefix of the new default language is redirected to the bare path by the pipeline).
    const stillThere = (values.languages as string[]).includes(req.lang);
    req.koa.redirect(stillThere ? req.koa.originalUrl.replace(/\?.*$/, '') : '/website/settings');
    return undefined;
  }

  private async render(req: RequestContext, values: SiteSettingsValues, errors: SettingsErrors, hasLogo: boolean, saved: boolean) {
    req.koa.set('X-Frame-Options', 'DENY');
    const languages = await this.settings.languages();
    return translatedTitle(this.catalog, req, siteSettingsPage({ siteId: req.site.id, values, errors, languages, hasLogo, saved, csrfToken: req.csrfToken() }));
  }
}

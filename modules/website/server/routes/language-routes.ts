import { inject, injectable } from 'inversify';
import { array, object, string } from 'yup';
import { LANG_COOKIE, LanguageCatalog, route, type RouteContribution, type RouteDefinition, safeRedirect } from '@platform/http';
import { MissingError } from '@platform/core';
import { localizedPath } from '@platform/common';
import { TranslationCatalog } from '@platform/web';

/** Query parameters of the translation editor, dropped when switching language. */
const EDIT_PARAMS = ['edit_translations', 'enable_editor', 'edit'];
const ONE_YEAR = 365 * 24 * 3600 * 1000;

/** Language switching and the UI translations of the site's modules. */
@injectable()
export class LanguageRoutes implements RouteContribution {
  constructor(
    @inject(LanguageCatalog) private readonly languages: LanguageCatalog,
    @inject(TranslationCatalog) private readonly translations: TranslationCatalog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      {
        // `/website/lang/fr_FR?r=/page/x` (code or URL code; `default` = the site's default language).
        path: '/website/lang/:lang', type: 'http', auth: 'public',
        handler: async (req) => {
          const wanted = req.pathParams.lang === 'default' ? req.site.defaultLang : req.pathParams.lang;
          const lang = await this.languages.find(wanted);
          if (!lang || !req.site.langs.includes(lang.code)) throw new MissingError('This language is not available on this site.');
          const target = new URL(safeRedirect(req.params.r, '/'), 'http://this.site');
          for (const p of EDIT_PARAMS) target.searchParams.delete(p);
          const all = await this.languages.all();
          const path = stripPrefix(target.pathname, all.filter((l) => req.site.langs.includes(l.code)).map((l) => l.urlCode));
          const prefixed = localizedPath(path, lang.code === req.site.defaultLang ? null : lang.urlCode);
          req.reply.cookie(LANG_COOKIE, lang.code, { httpOnly: false, maxAgeMs: ONE_YEAR });
          // Removing a language prefix can leave `//host` (`r=/en//evil.example`): the reply checks it once more.
          // The target names its own language: no prefix of this request's added.
          req.reply.redirect(prefixed + target.search + target.hash, { status: 303, keepLanguage: false });
        },
      },
      route({
        path: '/website/translations', type: 'json', auth: 'public',
        params: object({ lang: string().max(16), mods: array(string().required().max(64)).max(100) }),
        handler: async (req) => {
          const { lang: asked, mods } = req.params;
          const lang = await this.languages.find(asked ?? req.lang);
          if (!lang || !req.site.langs.includes(lang.code)) throw new MissingError('This language is not available on this site.');
          const modules = [...req.site.modules].filter((m) => !mods || mods.includes(m)).sort();
          return {
            lang: lang.code,
            lang_parameters: { direction: lang.direction, date_format: lang.dateFormat, time_format: lang.timeFormat, url_code: lang.urlCode },
            modules: Object.fromEntries(modules.map((m) => [m, {
              messages: Object.entries(this.translations.module(m, lang.code)).map(([id, str]) => ({ id, string: str })),
            }])),
          };
        },
      }),
    ];
  }
}

function stripPrefix(path: string, urlCodes: string[]): string {
  for (const code of urlCodes) {
    if (path === `/${code}`) return '/';
    if (path.startsWith(`/${code}/`)) return path.slice(code.length + 1);
  }
  return path;
}

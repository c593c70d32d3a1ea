import type { ReactElement } from 'react';
import { isValidElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { LanguageSwitchContribution, LayoutWidgetContribution, MenuContribution, UserMenuContribution } from './contribution-points';
import type { ContributionProvider } from '@platform/core/contribution';
import type { RequestContext } from '@platform/http/route-definition';
import type { WebContextValue } from './client/web-context';
import { WebContext } from './client/web-context';
import type { LanguageCatalog } from '@platform/http/language-catalog';
import { Layout } from './layout';
import { isPage, type Page } from './render';
import { localizedPath } from './localized-path';
import type { TranslationCatalog } from './translation-catalog';
import type { WebAssets } from './web-assets';

/** What modules put in the layout; each provider is narrowed to the modules enabled on the site. */
export interface LayoutContributions {
  menus: ContributionProvider<MenuContribution>;
  userMenus: ContributionProvider<UserMenuContribution>;
  languageSwitches: ContributionProvider<LanguageSwitchContribution>;
  layoutWidgets: ContributionProvider<LayoutWidgetContribution>;
}

const ERROR_TITLES: Record<number, string> = {
  400: 'Bad request', 403: 'Forbidden', 404: 'Page not found', 413: 'Request too large', 429: 'Too many requests', 500: 'Internal error',
};

/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * Renders pages in the site layout on the server. Pages are readable without JavaScript; when the
 * rendered body contains islands, the page also carries the web context (session, language,
 * translations) as JSON and the site's module script, allowed by the request's CSP nonce.
 */
export class PageRenderer {
  constructor(
    private readonly layout: LayoutContributions,
    private readonly assets: WebAssets,
    private readonly translations: TranslationCatalog,
    private readonly languages: LanguageCatalog,
  ) {}

  /** Renders a route's result (strings are sent as they are). */
  async render(req: RequestContext, result: unknown): Promise<string> {
    if (typeof result === 'string') return result;
    if (isPage(result)) {
      if (result.status) req.koa.status = result.status;
      return this.renderPage(req, result);
    }
    if (isValidElement(result)) return this.renderPage(req, { title: '', body: result });
    throw new Error('An http route returned something that is not a page');
  }

  async renderError(req: RequestContext, status: number, message: string): Promise<string> {
    const lang = req.lang;
    const _t = (source: string) => this.translations.translate(req.site.modules, lang, source);
    const title = _t(ERROR_TITLES[status] ?? 'Error');
    try {
      return await this.renderPage(req, {
        title,
        body: (
          <section className="error-page">
            <h1>{title}</h1>
            <p>{_t(message)}</p>
            <p><a href="/">{_t('Back to the home page')}</a></p>
          </section>
        ),
      });
    } catch {
      return `<!DOCTYPE html><title>${status}</title><h1>${title}</h1>`;
    }
  }

  async context(req: RequestContext): Promise<WebContextValue> {
    const { lang, isPublic, user } = req;
    const language = (await this.languages.find(lang)) ?? { code: lang, urlCode: lang.slice(0, 2), direction: 'ltr' as const, dateFormat: 'MM/DD/YYYY', timeFormat: 'HH:mm:ss' };
    return {
      session: {
        uid: isPublic ? null : user.id,
        name: isPublic ? '' : user.name,
        partnerId: isPublic ? null : user.partnerId,
        email: isPublic ? null : user.email,
        isPublic,
        lang,
        // Only sessions that already exist get a token: an anonymous page view must not create one.
        csrfToken: isPublic && req.session.isNew ? '' : req.csrfToken(),
      },
      language: {
        code: language.code, urlCode: language.urlCode, direction: language.direction, dateFormat: language.dateFormat, timeFormat: language.timeFormat,
        urlPrefix: language.code === req.site.defaultLang ? null : language.urlCode,
      },
      translations: this.translations.forModules(req.site.modules, lang),
    };
  }

  private async renderPage(req: RequestContext, p: Page): Promise<string> {
    const context = await this.context(req);
    const langs = (await this.languages.all()).filter((l) => req.site.langs.includes(l.code));
    const urlCode = (code: string) => (code === req.site.defaultLang ? null : langs.find((l) => l.code === code)?.urlCode ?? null);
    const prefix = urlCode(context.session.lang);
    const enabled = (m: string) => req.site.modules.has(m);
    const menu = this.layout.menus
      .getContributionsFor(enabled)
      .flatMap((c) => c.menuEntries())
      .filter((m) => !m.groups || (!req.isPublic && m.groups.some((g) => req.user.groups.has(g))))
      .sort((a, b) => a.sequence - b.sequence)
      .map(({ name, url, sequence }) => ({ name, sequence, url: localizedPath(url, prefix) }));
    // The signed-in user's name leads to the first entry of the user menu (e.g. the portal's account page).
    const account = req.isPublic ? undefined : this.layout.userMenus.getContributionsFor(enabled)
      .flatMap((c) => c.userMenuEntries()).sort((a, b) => a.sequence - b.sequence)[0];
    const bundle = await this.assets.bundleFor(req.site.modules);
    // Path only: a query may carry another page's parameters (e.g. a login redirect) that links must not repeat.
    const currentPath = req.path;
    const body = renderToString(<WebContext.Provider value={context}>{p.body}</WebContext.Provider>);
    const widgets = (await Promise.all(this.layout.layoutWidgets.getContributionsFor(enabled).map((w) => w.renderForPage(req))))
      .filter((w): w is ReactElement => w !== null);
    const widgetsHtml = widgets.length ? renderToString(<WebContext.Provider value={context}>{widgets.map((w, i) => <div key={i} className="layout-widget">{w}</div>)}</WebContext.Provider>) : '';
    // Without a module offering the switch on this site, no selector: its links would lead to a 404.
    const languageSwitch = this.layout.languageSwitches.getContributionsFor(enabled)[0];
    const languages = languageSwitch
      ? langs.map((l) => ({ code: l.code, name: l.name, urlCode: urlCode(l.code), switchUrl: languageSwitch.switchUrl(l.code, currentPath) }))
      : [];
    const hasIslands = body.includes('data-island="') || widgetsHtml.includes('data-island="');
    const element: ReactElement = (
      <Layout
        title={p.title} description={p.description} siteName={req.site.name} language={context.language}
        translations={context.translations} languages={languages}
        menu={menu} user={req.isPublic ? null : { name: req.user.name, accountUrl: account ? localizedPath(account.url, prefix) : null }} currentPath={currentPath} signInPath={currentPath} homeUrl={localizedPath('/', prefix)}
        stylesheet={bundle.stylesheet} bodyHtml={body} widgetsHtml={widgetsHtml}
        script={hasIslands ? { src: bundle.script, nonce: req.cspNonce, context: jsonForScript(context) } : null}
      />
    );
    return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
  }
}

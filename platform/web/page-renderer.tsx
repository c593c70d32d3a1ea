import type { ReactElement, ReactNode } from 'react';
import { isValidElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import type { FooterBlockContribution, LanguageSwitchContribution, LayoutHeadContribution, LayoutWidgetContribution, MenuContribution, MenuEntry, UserMenuContribution } from './contribution-points';
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
import type { SiteAppearances } from './site-appearance';
import { jsonForScript } from './json-for-script';
import type { IslandStrings } from './island-strings';
import { renderTracked, type RenderedIsland } from './island-tracking';
import { assembleEncoded, renderPlacingEncoded, type EncodedHtml } from './encoded-html';

/** What modules put in the layout; each provider is narrowed to the modules enabled on the site. */
export interface LayoutContributions {
  menus: ContributionProvider<MenuContribution>;
  userMenus: ContributionProvider<UserMenuContribution>;
  languageSwitches: ContributionProvider<LanguageSwitchContribution>;
  layoutWidgets: ContributionProvider<LayoutWidgetContribution>;
  footerBlocks: ContributionProvider<FooterBlockContribution>;
  heads: ContributionProvider<LayoutHeadContribution>;
}

/**
 * Outside production, a page without reported islands is also scanned for their markers (a tag, which
 * stored HTML cannot hold: the sanitiser drops the attribute), and one found fails the page (and so the
 * tests): the page would ship without the script that runs it.
 */
const CHECK_ISLANDS = process.env.NODE_ENV !== 'production';

const ERROR_TITLES: Record<number, string> = {
  400: 'Bad request', 403: 'Forbidden', 404: 'Page not found', 405: 'Method not allowed', 413: 'Request too large', 429: 'Too many requests', 500: 'Internal error',
};

/**
 * Renders pages in the site layout on the server. Pages are readable without JavaScript; when the
 * rendered body contains islands, the page also carries the web context (session, language,
 * translations) as JSON and the site's module script, allowed by the request's CSP nonce.
 */
export class PageRenderer {
  /** Islands of fragments rendered for a request before its page (`renderFragment`), until the page is. */
  private readonly fragmentIslands = new WeakMap<RequestContext, RenderedIsland[]>();

  constructor(
    private readonly layout: LayoutContributions,
    private readonly assets: WebAssets,
    private readonly translations: TranslationCatalog,
    private readonly languages: LanguageCatalog,
    private readonly appearances: SiteAppearances,
    /** Without it (a renderer built by hand), pages ship the whole dictionary. */
    private readonly islandStrings?: IslandStrings,
  ) {}

  /** Renders a route's result (strings are sent as they are). */
  async render(req: RequestContext, result: unknown): Promise<string> {
    if (typeof result === 'string') return result;
    const { html, placed } = await this.renderResult(req, result);
    return materialize({ html, placed });
  }

  /** `render` as the UTF-8 bytes to send: encoded once, HTML kept encoded (cached fragments) copied in. */
  async renderBytes(req: RequestContext, result: unknown): Promise<Buffer> {
    if (typeof result === 'string') return Buffer.from(result);
    const { html, placed } = await this.renderResult(req, result);
    return assembleEncoded(html, placed);
  }

  private async renderResult(req: RequestContext, result: unknown): Promise<RenderedPage> {
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
      return materialize(await this.renderPage(req, {
        title,
        body: (
          <section className="error-page status-page page-narrow" aria-labelledby="error-title">
            <p className="status-code" aria-hidden="true">{status}</p>
            <h1 id="error-title" className="h2">{title}</h1>
            <p className="lead">{_t(message)}</p>
            <p><a className="btn btn-primary" href={localizedPath('/', lang === req.site.defaultLang ? null : (await this.languages.find(lang))?.urlCode ?? null)}>{_t('Back to the home page')}</a></p>
          </section>
        ),
      }, true));
    } catch {
      return `<!DOCTYPE html><title>${status}</title><h1>${title}</h1>`;
    }
  }

  /**
   * The tab title in the page's language: titles are UI strings (`Newsletter`, `Statistics of %s`) looked
   * up in the enabled modules' translations; a title that is no UI string (a page's own name, already
   * read in its language) has no entry and stays as it is.
   */
  private title(req: RequestContext, p: Page): string {
    const translated = p.title ? this.translations.translate(req.site.modules, req.lang, p.title) : '';
    return (p.titleArgs ?? []).reduce((t, arg) => t.replace('%s', arg), translated);
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

  /**
   * HTML of an element rendered in the request's web context, to be inserted as a string into the page
   * the request renders next (a website page's dynamic block): the page knows of the islands it holds.
   */
  async renderFragment(req: RequestContext, node: ReactNode): Promise<string> {
    const context = await this.context(req);
    const { html, islands } = renderTracked(() => renderToString(<WebContext.Provider value={context}>{node}</WebContext.Provider>));
    if (islands.length) {
      const known = this.fragmentIslands.get(req);
      if (known) known.push(...islands);
      else this.fragmentIslands.set(req, islands);
    }
    return html;
  }

  private async renderPage(req: RequestContext, p: Page, isError = false): Promise<RenderedPage> {
    const context = await this.context(req);
    const langs = (await this.languages.all()).filter((l) => req.site.langs.includes(l.code));
    const urlCode = (code: string) => (code === req.site.defaultLang ? null : langs.find((l) => l.code === code)?.urlCode ?? null);
    const prefix = urlCode(context.session.lang);
    const enabled = (m: string) => req.site.modules.has(m);
    const menuContributions = this.layout.menus.getContributionsFor(enabled);
    // A site menu owned by one contribution (the website's records) already holds the others' entries,
    // except those meant for some groups only.
    const ownsMenu = menuContributions.some((c) => c.ownsMenu);
    const fixed = (c: MenuContribution) => (c.menuEntries?.() ?? []).filter((m) => !ownsMenu || c.ownsMenu || m.groups);
    const localized = ({ name, url, sequence, children }: MenuEntry): MenuEntry => ({
      name, sequence, url: localizedPath(url, prefix), ...(children?.length ? { children: children.map(localized) } : {}),
    });
    const menu = (await Promise.all(menuContributions.map(async (c) => [...fixed(c), ...((await c.menuEntriesFor?.(req)) ?? [])])))
      .flat()
      .filter((m) => !m.groups || (!req.isPublic && m.groups.some((g) => req.user.groups.has(g))))
      .sort((a, b) => a.sequence - b.sequence)
      .map(localized);
    // The signed-in user's name leads to the first entry of the user menu (e.g. the portal's account page);
    // the other entries (e.g. site settings for administrators) follow it as links.
    const [account, ...userLinks] = req.isPublic ? [] : this.layout.userMenus.getContributionsFor(enabled)
      .flatMap((c) => c.userMenuEntries()).filter((m) => !m.groups || m.groups.some((g) => req.user.groups.has(g)))
      .sort((a, b) => a.sequence - b.sequence);
    const bundle = await this.assets.bundleFor(req.site.modules);
    // Path only: a query may carry another page's parameters (e.g. a login redirect) that links must not repeat.
    const currentPath = req.path;
    // The islands the page holds, as its renders report them (not by scanning the HTML, which is long);
    // an error page holds none of the fragments rendered for the page that failed.
    const islands: RenderedIsland[] = isError ? [] : [...(this.fragmentIslands.get(req) ?? [])];
    // HTML kept encoded that the renders place (by a mark), copied into the page's bytes at the end.
    const placed: EncodedHtml[] = [];
    const render = (element: ReactElement) => {
      const tracked = renderPlacingEncoded(placed, () => renderTracked(() => renderToString(element)));
      islands.push(...tracked.islands);
      return tracked.html;
    };
    const body = render(<WebContext.Provider value={context}>{p.body}</WebContext.Provider>);
    const widgets = p.bare ? [] : (await Promise.all(this.layout.layoutWidgets.getContributionsFor(enabled).map((w) => w.renderForPage(req))))
      .filter((w): w is ReactElement => w !== null);
    const widgetsHtml = widgets.length ? render(<WebContext.Provider value={context}>{widgets.map((w, i) => <div key={i} className="layout-widget">{w}</div>)}</WebContext.Provider>) : '';
    // Without a module offering the switch on this site, no selector: its links would lead to a 404.
    const languageSwitch = this.layout.languageSwitches.getContributionsFor(enabled)[0];
    const languages = languageSwitch
      ? langs.map((l) => ({ code: l.code, name: l.name, urlCode: urlCode(l.code), switchUrl: languageSwitch.switchUrl(l.code, currentPath) }))
      : [];
    // One URL per page for search engines: the public base URL, the language prefix, the path without query.
    // Never the Host header (a cached page would hand a visitor's Host to everybody): no base URL, no tag.
    // Koa reports 404 until a body is set: a status still at that default is a page answered 200.
    const answered = req.koa.status === 404 && req.koa.body == null ? 200 : req.koa.status;
    const canonical = req.site.baseUrl && !isError && answered === 200 ? `${req.site.baseUrl}${localizedPath(currentPath, prefix)}` : undefined;
    const appearance = await this.appearances.forSite(req.site.id);
    const footerBlocks = (await Promise.all(this.layout.footerBlocks.getContributionsFor(enabled).map((b) => b.renderFooterBlock(req))))
      .filter((b): b is ReactElement => b !== null)
      .map((b) => render(<WebContext.Provider value={context}>{b}</WebContext.Provider>));
    const footer = {
      about: appearance.footerText[context.session.lang] ?? appearance.footerText[req.site.defaultLang] ?? appearance.footerText.en_US,
      contact: appearance.contact, social: appearance.social, blocksHtml: footerBlocks,
    };
    const head = (await Promise.all(this.layout.heads.getContributionsFor(enabled).map((h) => h.renderHead(req)))).filter((h): h is ReactElement => h !== null);
    const hasIslands = islands.length > 0;
    if (CHECK_ISLANDS && !hasIslands && [body, widgetsHtml, ...footerBlocks].some((html) => html.includes('<div data-island="'))) {
      throw new Error('The page holds an island that no render reported: HTML rendered beforehand and inserted as a string must go through '
        + 'PageRenderer.renderFragment, or report its islands (island-tracking.ts)');
    }
    // The browser gets the translations its islands may use, not the site's whole dictionary.
    const shipped = hasIslands && this.islandStrings ? { ...context, translations: this.islandStrings.pick(islands, context.translations) } : context;
    const element: ReactElement = (
      <Layout
        title={this.title(req, p)} description={p.description} canonical={canonical} siteName={req.site.name} language={context.language}
        translations={context.translations} languages={languages}
        menu={menu} user={req.isPublic ? null : { name: req.user.name, accountUrl: account ? localizedPath(account.url, prefix) : null, links: userLinks.map((l) => ({ name: l.name, url: localizedPath(l.url, prefix) })) }} currentPath={currentPath} signInPath={currentPath} homeUrl={localizedPath('/', prefix)}
        stylesheet={bundle.stylesheet} bodyHtml={body} widgetsHtml={widgetsHtml} footer={footer}
        logoUrl={appearance.hasLogo ? `/web/image/website/${req.site.id}/logo?size=image_medium` : null}
        script={hasIslands ? { src: bundle.script, nonce: req.cspNonce, context: jsonForScript(shipped) } : null}
        editMode={p.editMode === true} bare={p.bare === true} head={head} homeInMenu={!ownsMenu}
      />
    );
    return { html: `<!DOCTYPE html>${renderToStaticMarkup(element)}`, placed };
  }
}

/** A page's HTML, with marks where `placed` HTML kept encoded goes (see encoded-html.ts). */
interface RenderedPage {
  html: string;
  placed: EncodedHtml[];
}

/** The page as one string. */
function materialize({ html, placed }: RenderedPage): string {
  return placed.length ? assembleEncoded(html, placed).toString() : html;
}

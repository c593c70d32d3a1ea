import type { MenuEntry } from './contribution-points';
import { loginUrl } from '@platform/http/login-url';
import type { LanguageInfo } from './client/web-context';

export interface LayoutLanguage {
  code: string;
  name: string;
  /** null for the site's default language (no URL prefix). */
  urlCode: string | null;
  /** Switches to this language and comes back to the current page. */
  switchUrl: string;
}

export interface LayoutProps {
  title: string;
  description?: string;
  siteName: string;
  language: LanguageInfo;
  translations: Record<string, string>;
  languages: LayoutLanguage[];
  menu: MenuEntry[];
  /** The signed-in user; `accountUrl` is null where no module serves an account page. */
  user: { name: string; accountUrl: string | null } | null;
  /** Path (without language prefix) and query of this page, for the language switcher and sign-in. */
  currentPath: string;
  /** Where sign-in returns to (the path only: a query may carry someone else's redirect). */
  signInPath: string;
  homeUrl: string;
  stylesheet: string;
  /** The page body, already rendered (so the page knows whether it holds islands). */
  bodyHtml: string;
  /** Widgets of enabled modules shown on every page (e.g. the live chat button), already rendered. */
  widgetsHtml: string;
  /** Present when the page has islands: the site module script and the web context JSON. */
  script: { src: string; nonce: string; context: string } | null;
}

/** The public site's frame: header (menu, language selector, sign-in / user), main content, footer. */
export function Layout(p: LayoutProps) {
  const _t = (s: string) => p.translations[s] ?? s;
  const { siteName, language } = p;
  return (
    <html lang={language.code.replace('_', '-')} dir={language.direction}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.title ? `${p.title} | ${siteName}` : siteName}</title>
        {p.description ? <meta name="description" content={p.description} /> : null}
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={p.stylesheet} />
        {p.languages.length > 1 ? p.languages.map((l) => (
          <link key={l.code} rel="alternate" hrefLang={l.code.replace('_', '-')} href={l.urlCode ? `/${l.urlCode}${p.currentPath === '/' ? '' : p.currentPath}` : p.currentPath} />
        )) : null}
        {p.script ? <script type="module" src={p.script.src} nonce={p.script.nonce} /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main">{_t('Skip to content')}</a>
        <header className="site-header">
          <a className="brand" href={p.homeUrl}>{siteName}</a>
          <nav aria-label={_t('Main menu')}>
            <ul className="menu">
              <li><a href={p.homeUrl}>{_t('Home')}</a></li>
              {p.menu.map((m) => (
                <li key={m.url}><a href={m.url}>{_t(m.name)}</a></li>
              ))}
            </ul>
          </nav>
          {p.languages.length > 1 ? (
            <nav className="lang-selector" aria-label={_t('Languages')}>
              <ul>
                {p.languages.map((l) => (
                  <li key={l.code}>
                    {l.code === language.code
                      ? <span aria-current="true" lang={l.code.replace('_', '-')}>{l.name}</span>
                      : <a href={l.switchUrl} lang={l.code.replace('_', '-')} hrefLang={l.code.replace('_', '-')}>{l.name}</a>}
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="account">
            {p.user ? (
              <span>
                {p.user.accountUrl ? <a href={p.user.accountUrl} className="user-name">{p.user.name}</a> : <span className="user-name">{p.user.name}</span>}
                {/* A page asking to confirm: signing out is a POST with a CSRF token, which a link cannot be. */}
                {' · '}<a href="/web/session/logout">{_t('Sign out')}</a>
              </span>
            ) : (
              <a href={loginUrl(p.signInPath)}>{_t('Sign in')}</a>
            )}
          </div>
        </header>
        <main id="main" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
        <footer className="site-footer">
          <p>© {siteName}</p>
        </footer>
        {p.widgetsHtml ? <div className="layout-widgets" dangerouslySetInnerHTML={{ __html: p.widgetsHtml }} /> : null}
        {p.script ? <script type="application/json" id="web-context" dangerouslySetInnerHTML={{ __html: p.script.context }} /> : null}
      </body>
    </html>
  );
}

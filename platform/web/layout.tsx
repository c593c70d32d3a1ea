import { Fragment, type ReactElement } from 'react';
import type { MenuEntry } from './contribution-points';
import { loginUrl } from '@platform/http/login-url';
import type { LanguageInfo } from './client/web-context';
import { SiteMenu, textWidth } from './site-menu';

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
  /** Absolute URL of this page on the site's public base URL (`<link rel="canonical">`), for pages answered 200. */
  canonical?: string;
  siteName: string;
  language: LanguageInfo;
  translations: Record<string, string>;
  languages: LayoutLanguage[];
  menu: MenuEntry[];
  /** The signed-in user; `accountUrl` is null where no module serves an account page. */
  user: { name: string; accountUrl: string | null; links?: Array<{ name: string; url: string }> } | null;
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
  /** A publisher is editing the page (see Page.editMode). */
  editMode?: boolean;
  /** The page alone, without header, footer and widgets (see Page.bare). */
  bare?: boolean;
  /** False when the menu holds its own Home entry (the website's editable menu); a Home link is shown first otherwise. */
  homeInMenu?: boolean;
  /** The site's logo (`website.logo`), else the header shows the site name. */
  logoUrl: string | null;
  footer: LayoutFooter;
  /** What modules add to <head> after the stylesheet (see LayoutHeadContribution). */
  head?: ReactElement[];
}

/** The footer's columns; a column whose setting is empty is not shown. */
export interface LayoutFooter {
  /** The site's about text in the page's language. */
  about?: string;
  contact: { email?: string; phone?: string; address?: string };
  social: Array<{ network: string; label: string; url: string }>;
  /** Blocks of enabled modules (e.g. the newsletter form), already rendered. */
  blocksHtml: string[];
}

/** The public site's frame: navbar (logo, menu, language selector, sign-in / user), main content, footer. */
export function Layout(p: LayoutProps) {
  const _t = (s: string) => p.translations[s] ?? s;
  const { siteName, language } = p;
  const homePath = p.homeUrl;
  return (
    <html lang={language.code.replace('_', '-')} dir={language.direction}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.title ? `${p.title} | ${siteName}` : siteName}</title>
        {p.description ? <meta name="description" content={p.description} /> : null}
        {p.canonical ? <link rel="canonical" href={p.canonical} /> : null}
        <link rel="icon" href="data:," />
        <link rel="stylesheet" href={p.stylesheet} />
        {p.head?.map((h, i) => <Fragment key={i}>{h}</Fragment>)}
        {p.languages.length > 1 ? p.languages.map((l) => (
          <link key={l.code} rel="alternate" hrefLang={l.code.replace('_', '-')} href={l.urlCode ? `/${l.urlCode}${p.currentPath === '/' ? '' : p.currentPath}` : p.currentPath} />
        )) : null}
        {p.script ? <script type="module" src={p.script.src} nonce={p.script.nonce} /> : null}
      </head>
      {p.bare ? (
        <body className="bare-page">
          <main id="main" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
          {p.script ? <script type="application/json" id="web-context" dangerouslySetInnerHTML={{ __html: p.script.context }} /> : null}
        </body>
      ) : (
      <body data-edit-mode={p.editMode ? '1' : undefined}>
        <a className="skip-link" href="#main">{_t('Skip to content')}</a>
        <header className="site-header">
          <div className="navbar">
            <div className="container">
              <a className="navbar-brand" href={homePath}>
                {p.logoUrl ? <img className="site-logo" src={p.logoUrl} alt={siteName} height={40} /> : siteName}
              </a>
              {/* The phone menu opens without JavaScript: a checkbox (keyboard: Tab, Space) shows its sibling. */}
              <input type="checkbox" id="site-nav-toggle" className="site-nav-toggle" aria-label={_t('Menu')} aria-controls="site-menu" />
              <div className="site-menu" id="site-menu">
                <nav aria-label={_t('Main menu')}>
                  <SiteMenu entries={p.homeInMenu === false ? p.menu : [{ name: 'Home', url: homePath, sequence: 0 }, ...p.menu]} current={localPath(p)} t={_t} others={headerOthers(p)} />
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
                <div className="site-account account">
                  {p.user ? (
                    /* The user's entries behind their name: <details> opens without JavaScript, and an
                       administrator's longer menu no longer pushes the navbar onto two rows. */
                    <details className="user-menu dropdown">
                      <summary className="nav-link dropdown-toggle user-name">{p.user.name}</summary>
                      <ul className="dropdown-menu">
                        {p.user.accountUrl ? <li><a href={p.user.accountUrl} className="dropdown-item user-account">{_t('My account')}</a></li> : null}
                        {p.user.links?.map((l) => <li key={l.url}><a href={l.url} className="dropdown-item user-link">{_t(l.name)}</a></li>)}
                        {p.user.accountUrl || p.user.links?.length ? <li><hr className="dropdown-divider" /></li> : null}
                        {/* A page asking to confirm: signing out is a POST with a CSRF token, which a link cannot be. */}
                        <li><a href="/web/session/logout" className="dropdown-item user-logout">{_t('Sign out')}</a></li>
                      </ul>
                    </details>
                  ) : (
                    <a href={loginUrl(p.signInPath)} className="btn btn-sm btn-primary">{_t('Sign in')}</a>
                  )}
                </div>
              </div>
            </div>
          </div>
        </header>
        <main id="main" className="container py-4" dangerouslySetInnerHTML={{ __html: p.bodyHtml }} />
        <SiteFooter {...p} />
        {p.widgetsHtml ? <div className="layout-widgets" dangerouslySetInnerHTML={{ __html: p.widgetsHtml }} /> : null}
        {p.script ? <script type="application/json" id="web-context" dangerouslySetInnerHTML={{ __html: p.script.context }} /> : null}
      </body>
      )}
    </html>
  );
}

/** Width (px) the header gives the brand, languages and account beside the menu (the menu folds the rest). */
function headerOthers(p: LayoutProps): number {
  const _t = (s: string) => p.translations[s] ?? s;
  const brand = (p.logoUrl ? 160 : Math.min(textWidth(p.siteName, 20) * 1.1, 560)) + 16;
  const languages = p.languages.length > 1 ? p.languages.reduce((w, l) => w + textWidth(l.name) + 12, 0) + 20 : 0;
  const account = (p.user ? textWidth(p.user.name) + 24 : textWidth(_t('Sign in'), 14) + 24) + 20;
  return brand + languages + account;
}

/** The current page's path as the menu writes it (with the language prefix). */
function localPath(p: LayoutProps): string {
  const prefix = p.language.urlPrefix;
  return prefix ? `/${prefix}${p.currentPath === '/' ? '' : p.currentPath}` : p.currentPath;
}

/** Footer columns: about, contact, social links (each only when set), then the modules' blocks. */
function SiteFooter(p: LayoutProps) {
  const _t = (s: string) => p.translations[s] ?? s;
  const { about, contact, social, blocksHtml } = p.footer;
  const hasContact = Boolean(contact.email || contact.phone || contact.address);
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4">
          {about ? (
            <section className="col-12 col-md-6 col-lg-3 footer-about" aria-labelledby="footer-about-title">
              <h2 id="footer-about-title">{_t('About us')}</h2>
              <p className="mb-0">{about}</p>
            </section>
          ) : null}
          {hasContact ? (
            <section className="col-12 col-md-6 col-lg-3 footer-contact" aria-labelledby="footer-contact-title">
              <h2 id="footer-contact-title">{_t('Contact')}</h2>
              <address className="mb-0 stack-sm">
                {contact.email ? <div><a href={`mailto:${contact.email}`}>{contact.email}</a></div> : null}
                {contact.phone ? <div><a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a></div> : null}
                {contact.address ? <div className="footer-address">{contact.address}</div> : null}
              </address>
            </section>
          ) : null}
          {social.length ? (
            <section className="col-12 col-md-6 col-lg-2 footer-social" aria-labelledby="footer-social-title">
              <h2 id="footer-social-title">{_t('Follow us')}</h2>
              <ul className="list-unstyled mb-0 stack-sm">
                {social.map((s) => <li key={s.network}><a href={s.url} rel="noopener noreferrer me" className={`social-${s.network}`}>{s.label}</a></li>)}
              </ul>
            </section>
          ) : null}
          {blocksHtml.map((html, i) => (
            <div key={i} className="col-12 col-md-6 col-lg-4 footer-block" dangerouslySetInnerHTML={{ __html: html }} />
          ))}
        </div>
        <div className="footer-bottom">© {new Date().getFullYear()} {p.siteName}</div>
      </div>
    </footer>
  );
}

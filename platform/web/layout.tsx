import type { ReactNode } from 'react';
import type { MenuEntry } from '../kernel/contribution-points';

export interface LayoutProps {
  title: string;
  siteName: string;
  lang: string;
  menu: MenuEntry[];
  user: { name: string } | null;
  currentPath: string;
  children: ReactNode;
}

/** The public site's frame: header with the enabled modules' menu entries and sign-in, then footer. */
export function Layout({ title, siteName, lang, menu, user, currentPath, children }: LayoutProps) {
  return (
    <html lang={lang.replace('_', '-')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title ? `${title} | ${siteName}` : siteName}</title>
        <link rel="stylesheet" href="/web/static/site.css" />
      </head>
      <body>
        <a className="skip-link" href="#main">Skip to content</a>
        <header className="site-header">
          <a className="brand" href="/">{siteName}</a>
          <nav aria-label="Main menu">
            <ul className="menu">
              <li><a href="/">Home</a></li>
              {menu.map((m) => (
                <li key={m.url}><a href={m.url} aria-current={currentPath === m.url ? 'page' : undefined}>{m.name}</a></li>
              ))}
            </ul>
          </nav>
          <div className="account">
            {user ? (
              <span>
                <span className="user-name">{user.name}</span> · <a href="/web/session/logout">Sign out</a>
              </span>
            ) : (
              <a href={`/web/login?redirect=${encodeURIComponent(currentPath)}`}>Sign in</a>
            )}
          </div>
        </header>
        <main id="main">{children}</main>
        <footer className="site-footer">
          <p>© {siteName}</p>
        </footer>
      </body>
    </html>
  );
}

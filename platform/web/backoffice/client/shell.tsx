import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useBackoffice, type ViewRegistry } from './backoffice-context';
import type { MenuNode } from './boot-data';
import { GenericForm } from './generic-form';
import { GenericList } from './generic-list';
import { RecordTitleContext } from './record-title';
import type { BackofficeViewProps } from './view-props';
import { formatRoute, type Route } from './route';

const lazyViews = new Map<string, ComponentType<BackofficeViewProps>>();
function contributed(views: ViewRegistry, key: string): ComponentType<BackofficeViewProps> | undefined {
  if (!Object.hasOwn(views, key)) return undefined;
  let view = lazyViews.get(key);
  if (!view) {
    view = lazy(views[key]);
    lazyViews.set(key, view);
  }
  return view;
}

function findPath(nodes: MenuNode[], id: string | undefined, trail: MenuNode[] = []): MenuNode[] {
  if (!id) return [];
  for (const n of nodes) {
    if (n.id === id) return [...trail, n];
    const found = findPath(n.children, id, [...trail, n]);
    if (found.length) return found;
  }
  return [];
}

/** The first entry under `node` that opens something (an app without action opens its first child). */
function firstAction(node: MenuNode): MenuNode | undefined {
  return node.action ? node : node.children.map(firstAction).find(Boolean);
}

/** Where a menu entry leads, as a route: also the link's href, so that a new tab opens the same screen. */
function routeOf(node: MenuNode): Route | null {
  const target = firstAction(node);
  if (!target?.action) return null;
  return 'screen' in target.action ? { menu: target.id, screen: target.action.screen } : { menu: target.id, model: target.action.model, view: 'list' };
}

/** The top-bar items (`systray:` views) or banners (`banner:`) modules contribute, loaded in their chunks, in a stable order. */
function Systray({ views, route, kind = 'systray' }: { views: ViewRegistry; route: BackofficeViewProps['route']; kind?: 'systray' | 'banner' }) {
  const keys = Object.keys(views).filter((k) => k.startsWith(`${kind}:`)).sort();
  return (
    <>
      {keys.map((key) => {
        const Item = contributed(views, key)!;
        return <Suspense key={key} fallback={null}><Item route={route} action={null} /></Suspense>;
      })}
    </>
  );
}

/** The frame: apps in the top bar, the current app's entries, breadcrumbs, and the current view. */
export function Shell() {
  const { data, _t, route, navigate, views } = useBackoffice();
  const [menuOpen, setMenuOpen] = useState(false);
  const [recordTitle, setRecordTitle] = useState<string | null>(null);
  const path = useMemo(() => findPath(data.menu, route.menu), [data.menu, route.menu]);
  const app = path[0];
  const entry = path[path.length - 1];

  const open = (node: MenuNode) => {
    const target = routeOf(node);
    setMenuOpen(false);
    if (target) navigate(target);
  };

  // `/web#menu=x` (an app's link opened in a new tab, an old bookmark) opens that entry's screen;
  // `/web` alone, or an entry this user does not have, the first app the user has.
  useEffect(() => {
    if (!route.model && !route.screen && data.menu.length) {
      const named = findPath(data.menu, route.menu).at(-1);
      const target = (named && routeOf(named)) ?? routeOf(data.menu[0]);
      if (target) navigate(target, true);
    }
  }, [route, data.menu, navigate]);
  useEffect(() => setRecordTitle(null), [route.model, route.id, route.view]);

  const action = entry?.action ?? null;
  const view = route.view ?? 'list';
  const key = route.screen ? `screen:${route.screen}` : route.model ? `${route.model}:${view}` : '';
  const Contributed = key ? contributed(views, key) : undefined;
  let body;
  if (Contributed) body = <Contributed route={route} model={route.model} action={action} />;
  else if (route.model && view === 'form') body = <GenericForm model={route.model} id={route.id} />;
  else if (route.model) {
    const own = action && 'model' in action && action.model === route.model;
    body = <GenericList model={route.model} action={own ? action : { model: route.model }} title={own && entry ? _t(entry.name) : undefined} />;
  }
  else if (route.screen) body = <div className="alert alert-warning">{_t('This screen is not available on this site.')}</div>;
  else body = <p className="text-body-secondary">{data.menu.length ? _t('Loading…') : _t('No application is available to you on this site.')}</p>;

  const listRoute = route.model ? { menu: route.menu, model: route.model, view: 'list' as const } : null;
  const crumbs: Array<{ label: string; go?: () => void }> = [];
  if (app) crumbs.push({ label: _t(app.name), go: entry !== app ? () => open(app) : view === 'form' && listRoute ? () => navigate(listRoute) : undefined });
  if (entry && entry !== app) crumbs.push({ label: _t(entry.name), go: view === 'form' && listRoute ? () => navigate(listRoute) : undefined });
  if (view === 'form' && route.model) crumbs.push({ label: route.id ? recordTitle ?? '…' : _t('New') });

  return (
    <RecordTitleContext.Provider value={setRecordTitle}>
      <a className="visually-hidden-focusable" href="#backoffice-main">{_t('Skip to content')}</a>
      <header>
        <nav className="navbar navbar-expand-lg bg-dark border-bottom" data-bs-theme="dark" aria-label={_t('Applications')}>
          <div className="container-fluid">
            <span className="navbar-brand">{data.site.name}</span>
            {/* Outside the collapsed menu, so a phone sees the items too; last in the bar on wide screens. */}
            <div className="d-flex align-items-center gap-2 ms-auto me-2 me-lg-0 ms-lg-3 order-lg-last"><Systray views={views} route={route} /></div>
            <button className="navbar-toggler" type="button" aria-controls="backoffice-apps" aria-expanded={menuOpen} aria-label={_t('Toggle the menu')} onClick={() => setMenuOpen(!menuOpen)}>
              <span className="navbar-toggler-icon" />
            </button>
            <div className={`collapse navbar-collapse${menuOpen ? ' show' : ''}`} id="backoffice-apps">
              <ul className="navbar-nav me-auto">
                {data.menu.map((n) => (
                  <li className="nav-item" key={n.id}>
                    <a className={`nav-link${n === app ? ' active' : ''}`} aria-current={n === app ? 'page' : undefined} href={formatRoute(routeOf(n) ?? { menu: n.id })}
                      onClick={(e) => { e.preventDefault(); open(n); }} data-menu={n.id}>{_t(n.name)}</a>
                  </li>
                ))}
              </ul>
              <span className="navbar-text me-3">{data.session.name}</span>
              <a className="nav-link text-light me-3" href="/">{_t('Website')}</a>
              <a className="nav-link text-light" href="/web/session/logout?redirect=/web">{_t('Sign out')}</a>
            </div>
          </div>
        </nav>
        {app && app.children.length ? (
          <nav className="bg-body-tertiary border-bottom" aria-label={_t('Menu of this application')}>
            <ul className="nav nav-underline container-fluid px-3 flex-wrap">
              {app.children.map((c) => (
                <li className="nav-item" key={c.id}>
                  <a className={`nav-link text-nowrap${path.includes(c) ? ' active' : ''}`} aria-current={path.includes(c) ? 'page' : undefined}
                    href={formatRoute(routeOf(c) ?? { menu: c.id })} onClick={(e) => { e.preventDefault(); open(c); }} data-menu={c.id}>{_t(c.name)}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="backoffice-main" className="container-fluid px-3 py-3">
        <Systray views={views} route={route} kind="banner" />
        {crumbs.length ? (
          <nav aria-label={_t('Breadcrumb')}>
            <ol className="breadcrumb mb-3">
              {crumbs.map((c, i) => (
                <li key={i} className={`breadcrumb-item${i === crumbs.length - 1 ? ' active' : ''}`} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                  {c.go && i < crumbs.length - 1 ? <a href="#" onClick={(e) => { e.preventDefault(); c.go!(); }}>{c.label}</a> : c.label}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <Suspense fallback={<p>{_t('Loading…')}</p>}>{body}</Suspense>
      </main>
    </RecordTitleContext.Provider>
  );
}

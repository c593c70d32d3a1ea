import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { WebContext, type WebContextValue } from '../../client/web-context';
import { BackofficeContext, type BackofficeContextValue, type ViewRegistry } from './backoffice-context';
import type { BackofficeBootData } from './boot-data';
import { formatRoute, parseRoute, type Route } from './route';
import { Shell } from './shell';

function App({ data, views }: { data: BackofficeBootData; views: ViewRegistry }) {
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.hash));
  useEffect(() => {
    const follow = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('popstate', follow);
    window.addEventListener('hashchange', follow);
    return () => {
      window.removeEventListener('popstate', follow);
      window.removeEventListener('hashchange', follow);
    };
  }, []);
  const navigate = useCallback((next: Route, replace = false) => {
    const hash = formatRoute(next);
    if (replace) window.history.replaceState(null, '', hash);
    else if (hash !== window.location.hash) window.history.pushState(null, '', hash);
    setRoute(parseRoute(hash));
    window.scrollTo(0, 0);
  }, []);
  const _t = useCallback((source: string) => data.translations[source] ?? source, [data]);
  const value = useMemo<BackofficeContextValue>(() => ({ data, _t, route, navigate, views }), [data, _t, route, navigate, views]);
  // The shared browser components (the rich-text editor, dates) read the site's web context.
  const web = useMemo<WebContextValue>(() => ({ session: data.session, language: data.language, translations: data.translations }), [data]);
  return (
    <WebContext.Provider value={web}>
      <BackofficeContext.Provider value={value}>
        <Shell />
      </BackofficeContext.Provider>
    </WebContext.Provider>
  );
}

/** Starts the back office (called by the generated entry with the views of the site's modules). */
export function bootBackoffice(views: ViewRegistry): void {
  const el = document.getElementById('backoffice-data');
  const root = document.getElementById('backoffice-root');
  if (!el?.textContent || !root) return;
  const data = JSON.parse(el.textContent) as BackofficeBootData;
  createRoot(root).render(<StrictMode><App data={data} views={views} /></StrictMode>);
}

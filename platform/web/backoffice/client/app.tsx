import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { confirmDialog } from '../../client/dialog';
import { WebContext, type WebContextValue } from '../../client/web-context';
import { BackofficeContext, type BackofficeContextValue, type ViewRegistry } from './backoffice-context';
import type { BackofficeBootData } from './boot-data';
import { formatRoute, parseRoute, type Route } from './route';
import { Shell } from './shell';
import { discardUnsavedChanges, hasUnsavedChanges } from './unsaved-changes';

function App({ data, views }: { data: BackofficeBootData; views: ViewRegistry }) {
  const [route, setRoute] = useState<Route>(() => parseRoute(window.location.hash));
  const _t = useCallback((source: string) => data.translations[source] ?? source, [data]);
  const current = useRef(route);
  current.current = route;
  const asking = useRef(false);
  /** Whether the user lets unsaved changes go (asked only when a form holds some). */
  const mayLeave = useCallback(async () => {
    if (!hasUnsavedChanges()) return true;
    if (asking.current) return false;
    asking.current = true;
    try {
      const leave = await confirmDialog({
        title: _t('Leave without saving?'), message: _t('The changes you made here are not saved: they will be lost.'),
        confirm: _t('Leave without saving'), cancel: _t('Stay on this page'),
      });
      if (leave) discardUnsavedChanges();
      return leave;
    } finally {
      asking.current = false;
    }
  }, [_t]);
  useEffect(() => {
    // The back button or a link changed the hash: with unsaved changes, put the screen's hash back and ask.
    const follow = () => {
      const hash = formatRoute(parseRoute(window.location.hash));
      if (hash === formatRoute(current.current)) return;
      if (!hasUnsavedChanges()) return setRoute(parseRoute(hash));
      window.history.pushState(null, '', formatRoute(current.current));
      void mayLeave().then((leave) => {
        if (!leave) return;
        window.history.pushState(null, '', hash);
        setRoute(parseRoute(hash));
      });
    };
    window.addEventListener('popstate', follow);
    window.addEventListener('hashchange', follow);
    return () => {
      window.removeEventListener('popstate', follow);
      window.removeEventListener('hashchange', follow);
    };
  }, [mayLeave]);
  const navigate = useCallback((next: Route, replace = false) => {
    const go = () => {
      const hash = formatRoute(next);
      if (replace) window.history.replaceState(null, '', hash);
      else if (hash !== window.location.hash) window.history.pushState(null, '', hash);
      setRoute(parseRoute(hash));
      window.scrollTo(0, 0);
    };
    if (!hasUnsavedChanges()) return go();
    void mayLeave().then((leave) => leave && go());
  }, [mayLeave]);
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

import { hydrateRoot } from 'react-dom/client';
import type { Island } from '../island';
import { KeepTyped, typedBeforeHydration } from './typed-before-hydration';
import { WebContext, type WebContextValue } from './web-context';

/** island name -> loader of its module (a code-split chunk); generated per site by WebAssets. */
export type IslandRegistry = Record<string, () => Promise<{ default: Island<object> }>>;

function readContext(): WebContextValue | null {
  const el = document.getElementById('web-context');
  if (!el?.textContent) return null;
  return JSON.parse(el.textContent) as WebContextValue;
}

/**
 * Hydrates every island of the page. Each island's code is loaded only when the page contains it, so
 * a page without islands loads nothing and a page with one widget loads that widget only.
 */
export function boot(registry: IslandRegistry): void {
  const context = readContext();
  if (!context) return;
  document.querySelectorAll<HTMLElement>('[data-island]').forEach((el) => {
    const name = el.dataset.island!;
    const load = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!load) {
      console.warn(`No code for island '${name}' on this site`);
      // Settled, though inert: whoever waits for the page's islands (a tour) need not wait for this one.
      el.dataset.hydrated = 'missing';
      return;
    }
    const props = JSON.parse(el.dataset.props || '{}') as object;
    load().then(({ default: island }) => {
      const Component = island.component;
      const typed = typedBeforeHydration(el);
      hydrateRoot(el, <WebContext.Provider value={context}><KeepTyped typed={typed}><Component {...props} /></KeepTyped></WebContext.Provider>);
      el.dataset.hydrated = 'true';
    }).catch((err) => {
      el.dataset.hydrated = 'failed';
      console.error(`Island '${name}' failed to load`, err);
    });
  });
}

/**
 * Where the back office is, kept in the URL's hash (`/web#menu=base.users&model=res.users&view=list`)
 * so a reload or the back button comes back to the same screen, list search included.
 */
export interface Route {
  menu?: string;
  model?: string;
  view?: 'list' | 'form';
  /** The record of a form; absent on a new record. */
  id?: number;
  screen?: string;
  /** List: text searched in the records' names. */
  q?: string;
  /** List: extra conditions (domain language, JSON). */
  domain?: string;
  groupby?: string;
  page?: number;
}

const KEYS: Array<keyof Route> = ['menu', 'model', 'view', 'id', 'screen', 'q', 'domain', 'groupby', 'page'];

export function parseRoute(hash: string): Route {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const route: Route = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value === null || value === '') continue;
    if (key === 'id' || key === 'page') {
      const n = Number(value);
      if (Number.isSafeInteger(n) && n > 0) route[key] = n;
    } else if (key === 'view') {
      if (value === 'list' || value === 'form') route.view = value;
    } else {
      (route as Record<string, string>)[key] = value;
    }
  }
  return route;
}

export function formatRoute(route: Route): string {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = route[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return `#${params.toString()}`;
}

import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import { WebContext, type WebContextValue } from '@platform/web/client';

/*
 * Rendered HTML of a question page's posts (issue 28: React's render dominated the signed-in page of a
 * long question). A post's markup is a pure function of what it is rendered from: the post as read
 * (text, comments, votes, state: any write to it changes this), the viewer's facts (uid, partner,
 * karma, visitor or not), the forum's rules and the page's language. That is the cache key, whole, so
 * a hit is the markup a render would give and nothing needs emptying. The CSRF token, which changes
 * every second, is rendered as a mark and put back on each hit. One cache per translation dictionary
 * (a language of a set of modules): a dictionary that is replaced takes its cache with it.
 */

/** Stands for the CSRF token in cached markup (letters and digits only: escaped the same in HTML and JSON). */
const CSRF_MARK = 'x0forumcsrfmark0x';
/** Bounds each dictionary's cache: about 16 MB of markup and keys. */
const MAX_CHARS = 8_000_000;

const caches = new WeakMap<object, LRUCache<string, string>>();

function cacheFor(translations: object): LRUCache<string, string> {
  let cache = caches.get(translations);
  if (!cache) {
    cache = new LRUCache<string, string>({ maxSize: MAX_CHARS, sizeCalculation: (value, key) => value.length + key.length });
    caches.set(translations, cache);
  }
  return cache;
}

/**
 * The markup of `render(csrfMark)` inside the page's context, from the cache when `inputs` (JSON-able:
 * everything the element is rendered from but the token) were rendered before; `csrfToken` in place.
 */
export function cachedFragment(context: WebContextValue, inputs: unknown, csrfToken: string, render: (csrfMark: string) => ReactElement): string {
  const { csrfToken: _token, ...session } = context.session;
  const key = JSON.stringify([inputs, session, context.language]);
  const cache = cacheFor(context.translations);
  let html = cache.get(key);
  if (html === undefined) {
    const marked = { ...context, session: { ...context.session, csrfToken: CSRF_MARK } };
    html = renderToString(<WebContext.Provider value={marked}>{render(CSRF_MARK)}</WebContext.Provider>);
    cache.set(key, html);
  }
  return html.includes(CSRF_MARK) ? html.split(CSRF_MARK).join(csrfToken) : html;
}

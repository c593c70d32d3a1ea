import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import { WebContext, type WebContextValue } from '@platform/web/client';
import { decodeEncoded, placeEncoded, renderTracked, reportIslands, type RenderedIsland } from '@platform/web';

/*
 * Rendered HTML of a question page's posts (issue 28: React's render dominated the signed-in page of a
 * long question). A post's markup is a pure function of what it is rendered from: the post as read
 * (text, comments, votes, state: any write to it changes this), the viewer's facts (uid, partner,
 * karma, visitor or not), the forum's rules and the page's language. That is the cache key, whole, so
 * a hit is the markup a render would give and nothing needs emptying. The CSRF token, which changes
 * every second, is rendered as a mark and put back on each hit. One cache per translation dictionary
 * (a language of a set of modules): a dictionary that is replaced takes its cache with it. A fragment
 * keeps the islands it holds, reported to the page's render on each hit (the page ships their script and
 * strings from what its render reports; the props keep the mark, which is no UI string). Markup is kept
 * encoded and placed into the page's bytes as it is (@platform/web's placeEncoded).
 */

/** Stands for the CSRF token in cached markup (letters and digits only: escaped the same in HTML and JSON). */
const CSRF_MARK = 'x0forumcsrfmark0x';
/** Bounds each dictionary's cache: bytes of markup and characters of keys (keys take two bytes each at most). */
const MAX_SIZE = 8_000_000;
/** Bounds the numbering of shared inputs (viewers' facts and rules seen lately). */
const MAX_SHARED = 10_000;

/** A rendered fragment: its markup cut at each CSRF mark, encoded (UTF-8), and the islands it holds. */
interface Fragment {
  parts: Buffer[];
  islands: RenderedIsland[];
  bytes: number;
}

const caches = new WeakMap<object, LRUCache<string, Fragment>>();

function cacheFor(translations: object): LRUCache<string, Fragment> {
  let cache = caches.get(translations);
  if (!cache) {
    cache = new LRUCache<string, Fragment>({ maxSize: MAX_SIZE, sizeCalculation: (value, key) => value.bytes + key.length });
    caches.set(translations, cache);
  }
  return cache;
}

/**
 * What a page's fragments share (the viewer, the rules, the context) as a number standing for its JSON,
 * made once per page: a fragment's key is that number and its own JSON, shorter to compare.
 */
const sharedIds = new WeakMap<object, WeakMap<WebContextValue, number>>();
const idOfJson = new Map<string, number>();
let lastId = 0;

function sharedId(shared: object, context: WebContextValue): number {
  let byContext = sharedIds.get(shared);
  if (!byContext) sharedIds.set(shared, (byContext = new WeakMap()));
  let id = byContext.get(context);
  if (id === undefined) {
    const { csrfToken: _token, ...session } = context.session;
    const json = JSON.stringify([shared, session, context.language]);
    id = idOfJson.get(json);
    if (id === undefined) {
      // Bounded: numbers are never given again, so a JSON numbered anew only misses its old fragments.
      if (idOfJson.size >= MAX_SHARED) idOfJson.clear();
      idOfJson.set(json, (id = ++lastId));
    }
    byContext.set(context, id);
  }
  return id;
}

/**
 * The markup of `render(csrfMark)` inside the page's context, from the cache when its inputs were
 * rendered before; `csrfToken` in place. The inputs (JSON-able: everything the element is rendered from
 * but the token) come in two parts: `shared`, the same object for every fragment of a page (its JSON is
 * made once), and the fragment's `own`.
 */
export function cachedFragment(
  context: WebContextValue, inputs: { shared: object; own: unknown }, csrfToken: string, render: (csrfMark: string) => ReactElement,
): string {
  const key = `${sharedId(inputs.shared, context)}\n${JSON.stringify(inputs.own)}`;
  const cache = cacheFor(context.translations);
  let fragment = cache.get(key);
  if (fragment === undefined) {
    const marked = { ...context, session: { ...context.session, csrfToken: CSRF_MARK } };
    // Rendered inside the page's render: its islands are reported to it by the render itself.
    const { html, islands } = renderTracked(() => renderToString(<WebContext.Provider value={marked}>{render(CSRF_MARK)}</WebContext.Provider>));
    const parts = html.split(CSRF_MARK).map((part) => Buffer.from(part));
    fragment = { parts, islands, bytes: parts.reduce((n, b) => n + b.length, 0) };
    cache.set(key, fragment);
  } else {
    reportIslands(fragment.islands);
  }
  // In a page's render, a mark the page's bytes get the encoded markup in place of (the long page's
  // markup is not concatenated and encoded again on each request); elsewhere, the markup.
  const encoded = { parts: fragment.parts, between: csrfToken };
  return placeEncoded(encoded) ?? decodeEncoded(encoded);
}

/*
 * What a redirect may lead from and to (browser and server share these rules): from a path of the
 * site, to a path of the site or an http(s) address; never `//host`, `javascript:` or a backslash.
 */

/** A local path without query or fragment: `/our-services`, `/fr/blog/a-post`. */
export const REDIRECT_FROM = /^\/(?!\/)[^\s\\?#]*$/;
/** A local path (a query allowed) ... */
export const LOCAL_TARGET = /^\/(?![/\\])[^\s\\]*$/;
/** ... or an absolute http(s) address with a host. */
export const ABSOLUTE_TARGET = /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s\\]*)?$/i;

export const REDIRECT_TYPES = ['301', '302'] as const;
export type RedirectType = (typeof REDIRECT_TYPES)[number];

/** Why `url` cannot be a redirect's source, or null. */
export function redirectFromProblem(url: string): string | null {
  if (!REDIRECT_FROM.test(url)) return `'${url}' is not a path of this site: write it as /old-page (no query, no address).`;
  if (url === '/') return 'The home page (/) cannot be redirected.';
  return null;
}

/** Why `url` cannot be a redirect's target, or null; absolute addresses only when `absoluteAllowed`. */
export function redirectToProblem(url: string, absoluteAllowed: boolean): string | null {
  if (LOCAL_TARGET.test(url)) return null;
  if (ABSOLUTE_TARGET.test(url)) return absoluteAllowed ? null : 'Only website designers can redirect to another site: write a path of this site, e.g. /services.';
  return `'${url}' is not a redirect target: write a path of this site (/services) or an http(s) address.`;
}

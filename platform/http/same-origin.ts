import type Koa from 'koa';

/**
 * Whether a form post comes from a page of this site, judged by what the browser itself writes and
 * a page cannot forge: `Sec-Fetch-Site` when the browser sends it (it must be `same-origin`), else the
 * `Origin` header, whose host must be the one the request was sent to. A post with neither (very old
 * browsers, or a privacy setting that strips Origin) is refused: such a form has a JavaScript path or
 * can be sent again from a page with a token.
 *
 * This is the check for form posts on pages served from the public page cache, which cannot carry a
 * per-visitor CSRF token (see `csrf: 'origin'` on RouteDefinition).
 */
export function isSameOriginPost(ctx: Koa.Context): boolean {
  const fetchSite = ctx.get('sec-fetch-site');
  if (fetchSite) return fetchSite === 'same-origin';
  const origin = ctx.get('origin');
  if (!origin || origin === 'null') return false;
  try {
    return new URL(origin).host.toLowerCase() === ctx.host.toLowerCase();
  } catch {
    return false;
  }
}

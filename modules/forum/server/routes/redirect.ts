import type { RequestContext } from '@platform/http/route-definition';

/**
 * Redirects to a path of this site, in the language of the request (its URL prefix kept). The pipeline
 * routes `/fr/x` as `/x` (it rewrites koa's path): the prefix is what the original URL has more.
 */
export function redirectTo(req: RequestContext, path: string): void {
  const asked = req.koa.originalUrl.split('?')[0];
  const prefix = asked.endsWith(req.path) ? asked.slice(0, asked.length - req.path.length) : '';
  req.koa.redirect(`${prefix}${path}`);
}

import type { RequestContext } from '@platform/http/route-definition';

/** Redirects to a path of this site, in the language of the request (its URL prefix kept). */
export function redirectTo(req: RequestContext, path: string): void {
  const prefix = req.koa.path.endsWith(req.path) ? req.koa.path.slice(0, req.koa.path.length - req.path.length) : '';
  req.koa.redirect(`${prefix}${path}`);
}

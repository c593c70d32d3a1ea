import type { RequestContext } from '@platform/http';

/** Redirects to a path of this site, in the language of the request (its URL prefix kept). */
export function redirectTo(req: RequestContext, path: string): void {
  req.reply.redirect(path);
}

import type Koa from 'koa';
import type Router from '@koa/router';
import { UserError } from '@platform/core/errors';
import { envelope, errorPayload } from './json-rpc';
import type { RequestState } from './request-state';
import type { OwnedRoute } from './route-definition';

/** The error a JSON route answers to a method it does not take (JSON-RPC code 405). */
export class MethodNotAllowed extends UserError {
  override name = 'MethodNotAllowed';
  override readonly code = 405;
}

export interface AllowedMethods {
  /** Methods the path answers on this site (with HEAD next to GET), and whether any of those routes is a JSON route. */
  allowed(ctx: Koa.Context): { methods: string[]; json: boolean };
}

/**
 * Knows which routes each registered layer belongs to, so a request whose path exists with other
 * methods can be told which ones (koa-router's own allowedMethods answered 405 over our 404 page, which
 * then said "Page not found"). Routes of modules disabled on the site do not count: there the path does not exist.
 */
export function allowedMethods(router: Router, owners: Map<unknown, OwnedRoute>): AllowedMethods {
  return {
    allowed(ctx) {
      const state = ctx.state as RequestState;
      const methods = new Set<string>();
      let json = false;
      for (const layer of router.match(ctx.path, ctx.method).path) {
        const owned = owners.get(layer);
        if (!owned || !layer.methods.length || !state.site?.modules.has(owned.module)) continue;
        for (const m of layer.methods) methods.add(m);
        if (owned.route.type === 'json') json = true;
      }
      return { methods: [...methods], json };
    },
  };
}

/** Answers OPTIONS with the Allow list, and a method the path does not take with 405 (a page, or a JSON-RPC error to a JSON client). */
export async function answerMethodNotAllowed(
  ctx: Koa.Context, allowed: AllowedMethods, renderPage: (message: string) => Promise<string>,
): Promise<boolean> {
  const { methods, json } = allowed.allowed(ctx);
  if (!methods.length || methods.includes(ctx.method)) return false;
  ctx.set('Allow', methods.join(', '));
  if (ctx.method === 'OPTIONS') {
    ctx.status = 200;
    ctx.body = '';
    return true;
  }
  ctx.status = 405;
  const message = `The method ${ctx.method} is not allowed here (allowed: ${methods.join(', ')}).`;
  // A JSON route opened in a browser (a link, the address bar) is read by a person: the site's page
  // (title, language, a way back) rather than a bare JSON document. JSON-RPC clients never ask for HTML.
  const browsing = (ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.accepts('json', 'html') === 'html';
  if (json && !browsing) {
    ctx.type = 'application/json';
    ctx.body = envelope(null, { error: errorPayload(new MethodNotAllowed(message)) });
  } else {
    ctx.type = 'html';
    ctx.body = await renderPage('This address does not accept this kind of request.');
  }
  return true;
}

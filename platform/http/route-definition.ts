import type Koa from 'koa';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import type { Env } from '@platform/orm/environment';
import type { RequestIdentity } from './request-identity';
import type { MultipartLimits, UploadedFile } from './multipart-body';
import type { Reply, RequestInfo } from './reply';

export type AuthLevel = 'none' | 'public' | 'user';
export type RouteType = 'http' | 'json';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a handler gets: who is asking (site, session, user, `isPublic`), the request's environment and
 * language, and its parameters. Handlers read these, never `koa.state`.
 */
export interface RequestContext<P = Record<string, unknown>> extends RequestIdentity {
  /** The platform's own routes only: modules answer through `reply` and read `http` (the import test checks). */
  koa: Koa.Context;
  /** How to answer besides a page or a result: redirect (keeping the language), status, headers, raw content. */
  reply: Reply;
  /** The HTTP request itself: method, URL, headers, cookies. */
  http: RequestInfo;
  env: Env;
  /** The language of the response (URL prefix, else the `frontend_lang` cookie, else the site's default). */
  lang: string;
  /** The path without its language prefix (`/fr/page/x` -> `/page/x`), to link to this page in any language. */
  path: string;
  /** Nonce of this response's Content-Security-Policy, for script tags of the page. */
  cspNonce: string;
  params: P;
  /** Path parameters (`/r/:code` -> { code }). */
  pathParams: Record<string, string>;
  /** A CSRF token for forms rendered in this response. */
  csrfToken(): string;
  /** The files of a multipart post to a route that takes them (`multipart`); empty otherwise. */
  files: UploadedFile[];
  /** Client address (behind trusted proxies: the one the first proxy appended; see client-ip.ts), used by rate limits and click logs. */
  ip: string;
}

/**
 * A route's limit, counted in sliding windows (a hit counts for `windowSeconds` plus at most a tenth of
 * it: no span of the window lets a client past the limit) in the database (rate-limiter.ts).
 */
export interface RateLimit {
  /** Bucket name, e.g. `newsletter.subscribe`. */
  name: string;
  /** Requests allowed per client address (an IPv6 client: its /64) within the window. */
  limit: number;
  /**
   * Requests a signed-in user may make within the window, whatever their addresses (an account spread
   * over many addresses is still one client); counted on top of the per-address limit. Defaults to
   * `limit`. Visitors have no account: they count per address only.
   */
  perAccount?: number;
  /** Requests allowed on the whole site within the window, all clients together (e.g. sign-ups). */
  perSite?: number;
  windowSeconds: number;
}

/**
 * A route as a module declares it. `auth` decides who may call it; `type: 'json'` routes speak the
 * JSON-RPC envelope and validate their `params` with the yup schema (unknown keys are refused).
 */
export interface RouteDefinition<P = any> {
  path: string;
  methods?: HttpMethod[];
  type: RouteType;
  auth: AuthLevel;
  /**
   * `auth: 'user'` routes: only callers holding one of these groups (external ids; implied groups and the
   * superuser count) get past the dispatcher; the others are refused before their params are read or the
   * handler runs (json: AccessError with `refusal`; http: the 403 page). A handler may narrow access
   * further (a channel's operators, a forum's moderators by karma), never widen it. The security suite's
   * route matrix derives what each role may reach from `auth` and these.
   */
  groups?: string[];
  /** The message a caller without `groups` is refused with (shown by the screens that call the route). */
  refusal?: string;
  /**
   * The params' yup schema. json: checked strictly (unknown keys refused). http: form or query values
   * cast by it (unknown keys dropped); a value it refuses answers `invalid`, else the 400 page. Declare
   * routes with `route()` to have `req.params` typed from it.
   */
  params?: ObjectSchema<AnyObject>;
  /** http: the answer when the params break the schema (the form again with `errors` under its fields; `req.params` holds what was sent). */
  invalid?(req: RequestContext, errors: Record<string, string>): Promise<unknown> | unknown;
  /**
   * http POST routes check a CSRF token unless this is false (e.g. one-click unsubscribe from mail
   * clients). `'origin'`: for forms on pages of the public page cache, which cannot hold a per-visitor
   * token: the post must come from this site by `Sec-Fetch-Site: same-origin`, else by its `Origin`
   * header (a post with neither is refused). See same-origin.ts.
   */
  csrf?: boolean | 'origin';
  /**
   * `public`: the page an anonymous visitor without a session gets depends only on the site, the
   * language and the URL, so it may be served from the public page cache (emptied by any write).
   */
  cache?: 'public';
  /**
   * Tried only when no other route answers the path (e.g. website pages served at their own URL,
   * `path: '/:url(.*)'`): a fallback never shadows a module's route, whatever the module order.
   */
  fallback?: boolean;
  rateLimit?: RateLimit;
  /**
   * http POST: also accept `multipart/form-data` bodies within these limits (files in memory, in
   * `req.files`; fields in `req.params`, a repeated name as a list). Over a limit: 413. Without it a
   * multipart post is not read.
   */
  multipart?: MultipartLimits;
  /**
   * json: the largest body a signed-in user may send, in bytes, for routes that take big values (images
   * written through call_kw). Visitors, and every other route, are held to JSON_BODY_LIMIT (1 MB).
   */
  maxUserBodyBytes?: number;
  /**
   * json: the JSON-RPC result. http: render into `req.koa` (body, redirect) and return nothing,
   * or return a string/React element for the helper in platform/web to render.
   */
  handler(req: RequestContext<P>): Promise<unknown> | unknown;
}

/** A route with the module that contributed it (the module gate checks it per site). */
export interface OwnedRoute {
  route: RouteDefinition;
  module: string;
}

/**
 * A route whose handler's `req.params` is typed from its schema: `route({ path, type, auth, params:
 * object({ id: number().required() }), handler: (req) => req.params.id })`.
 */
export function route<S extends ObjectSchema<AnyObject>>(definition: Omit<RouteDefinition<InferType<S>>, 'params'> & { params: S }): RouteDefinition {
  return definition as RouteDefinition;
}

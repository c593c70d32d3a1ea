import type Koa from 'koa';
import coBody from 'co-body';
import { koaBody } from 'koa-body';
import type { Logger } from 'pino';
import { fromDatabaseError } from '@platform/db/query-canceled';
import { AccessDenied, AccessError, InvalidFields, MissingError, QueryCanceled, SessionExpired, UserError, ValidationError } from '@platform/core/errors';
import { checkCsrfToken, csrfToken } from './csrf';
import { isSameOriginPost } from './same-origin';
import { formCsrfBinding, requestCsrfBindings } from './csrf-binding';
import { envelope, errorPayload, InvalidRequest, readEnvelope } from './json-rpc';
import { loginUrl } from './login-url';
import { paramValueProblem } from './param-bounds';
import { safeRedirect } from './safe-redirect';
import type { PublicPageCache } from './public-page-cache';
import type { RateLimiter } from './rate-limiter';
import type { RequestState } from './request-state';
import type { RequestContext, RouteDefinition, OwnedRoute } from './route-definition';
import { enforceRateLimit } from './route-rate-limit';
import { checkParams } from './route-params';
import { assertRouteGroups } from './route-groups';
import { makeReply, makeRequestInfo } from './reply';
import { readMultipart, UploadTooLarge } from './multipart-body';
import { TooManyRequests } from './too-many-requests';

export interface DispatchServices {
  limiter: RateLimiter;
  logger: Logger;
  secret: () => string;
  /** Renders an http handler's return value (React element or string) as a page: its UTF-8 bytes. */
  renderPage: (req: RequestContext, body: unknown) => Promise<Buffer>;
  renderError: (req: RequestContext, status: number, message: string) => Promise<string>;
  pageCache: PublicPageCache;
}

// No multipart here: formidable would leave every uploaded file in the temporary folder, parsed before
// the CSRF check (a disk any visitor could fill). A route that takes files declares `multipart` limits
// and gets them read in memory by readMultipart (multipart-body.ts).
const formBody = koaBody({ multipart: false, urlencoded: true, json: false, formLimit: '1mb' });

/**
 * Largest JSON body read (bytes), unless a route allows signed-in users more. A larger Content-Length
 * is refused before anything is read; a body without one is cut off as soon as it passes the limit.
 */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** Wraps a route: module gate, auth level, CSRF, rate limit, parameter validation and error shape. */
export function dispatch(owned: OwnedRoute, s: DispatchServices): Koa.Middleware {
  const { route, module } = owned;
  return async (ctx, next) => {
    const state = ctx.state as RequestState;
    if (!state.site.modules.has(module)) {
      // The module is disabled on this site: as if it did not exist (the app's 404 page answers).
      ctx.status = 404;
      return next();
    }
    const req = makeRequest(ctx, state, s);
    if (route.type === 'json') await runJson(ctx, req, route, s);
    else await runHttp(ctx, req, route, s);
    // Whatever such a route answers is about the signed-in user (or sends a visitor to the login page).
    if (route.auth === 'user') ctx.set('Cache-Control', 'no-store');
  };
}

/** The RequestContext of a request, as routes (and the app's 404 page) get it. */
export function makeRequest(ctx: Koa.Context, state: RequestState, s: Pick<DispatchServices, 'secret'>): RequestContext {
  return {
    koa: ctx,
    env: state.env,
    site: state.site,
    session: state.session,
    user: state.user,
    isPublic: state.isPublic,
    lang: state.lang,
    path: state.unprefixedPath ?? ctx.path,
    cspNonce: state.cspNonce,
    params: {},
    files: [],
    pathParams: (ctx.params ?? {}) as Record<string, string>,
    ip: ctx.ip,
    reply: makeReply(ctx, state.urlPrefix),
    http: makeRequestInfo(ctx),
    csrfToken: () => csrfToken(s.secret(), formCsrfBinding(ctx, state.session)),
  };
}

async function runJson(ctx: Koa.Context, req: RequestContext, route: RouteDefinition, s: DispatchServices): Promise<void> {
  let id: unknown = null;
  ctx.type = 'application/json';
  try {
    if (!ctx.is('application/json')) {
      ctx.status = 415;
      throw new InvalidRequest('JSON-RPC requests must be sent with Content-Type: application/json');
    }
    const state = ctx.state as RequestState;
    let body: unknown;
    try {
      body = await coBody.json(ctx, { limit: route.maxUserBodyBytes && !state.isPublic ? route.maxUserBodyBytes : JSON_BODY_LIMIT, strict: true });
    } catch (err) {
      if ((err as { status?: number }).status === 413) {
        ctx.status = 413;
        // The rest of the body is left unread: this connection cannot carry another request.
        ctx.set('Connection', 'close');
        throw new InvalidRequest('Request body too large');
      }
      throw new InvalidRequest('Malformed JSON');
    }
    // Before the envelope: a refused body's id (which could be the deep part) is not echoed.
    const problem = paramValueProblem(body) ?? paramValueProblem(req.pathParams);
    if (problem) throw new InvalidRequest(problem);
    const env = readEnvelope(body);
    id = env.id;
    if (route.auth === 'user' && state.isPublic) throw new SessionExpired();
    assertRouteGroups(req, route);
    await limitRate(req, route, s);
    req.params = route.params ? await checkParams(route.params, env.params, 'json') : env.params;
    const result = await route.handler(req);
    ctx.body = envelope(id, { result: result === undefined ? null : result });
  } catch (caught) {
    const err = fromDatabaseError(caught);
    if (!(err instanceof UserError)) s.logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'json route failed');
    else if (err instanceof QueryCanceled) s.logger.warn({ err: caught, requestId: ctx.state.requestId, path: ctx.path }, 'statement cancelled');
    if (err instanceof TooManyRequests) ctx.set('Retry-After', String(err.retryAfterSeconds));
    ctx.body = envelope(id, { error: errorPayload(err) });
  }
}

async function runHttp(ctx: Koa.Context, req: RequestContext, route: RouteDefinition, s: DispatchServices): Promise<void> {
  const state = ctx.state as RequestState;
  try {
    if (route.auth === 'user' && state.isPublic) {
      ctx.redirect(loginUrl(ctx.originalUrl));
      return;
    }
    assertRouteGroups(req, route);
    if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'DELETE') {
      if (route.csrf === 'origin' && !isSameOriginPost(ctx)) {
        ctx.status = 403;
        ctx.type = 'html';
        ctx.body = await s.renderError(req, 403, 'This form can only be sent from the pages of this site.');
        return;
      }
      try {
        if (route.multipart && ctx.is('multipart/form-data')) {
          const { fields, files } = await readMultipart(ctx, route.multipart);
          ctx.request.body = fields;
          req.files = files;
        } else {
          await formBody(ctx, async () => undefined);
        }
      } catch (err) {
        if (err instanceof UploadTooLarge) {
          ctx.set('Connection', 'close');
          throw new PayloadTooLarge(err.message);
        }
        if (err instanceof ValidationError) throw err;
        if ((err as { status?: number }).status !== 413) throw new ValidationError('The form could not be read');
        // The rest of the body is left unread: this connection cannot carry another request.
        ctx.set('Connection', 'close');
        throw new PayloadTooLarge('The form is too large.');
      }
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      // (`'origin'` posts were checked above, before their body was read.)
      if (route.csrf !== 'origin' && route.csrf !== false && !requestCsrfBindings(ctx, state.session).some((b) => checkCsrfToken(s.secret(), b, body.csrf_token))) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = await s.renderError(req, 400, 'Session expired (invalid CSRF token). Go back, reload the page and try again.');
        return;
      }
      delete body.csrf_token;
      req.params = body;
    } else {
      req.params = { ...ctx.query } as Record<string, unknown>;
    }
    const problem = paramValueProblem(req.params) ?? paramValueProblem(req.pathParams);
    if (problem) throw new ValidationError(problem);
    // A page in the cookie's language at an unprefixed URL: sent to the prefixed URL instead, so an URL
    // always shows one language (caches and crawlers, which have no cookie, see the default one there).
    // Known pages (cached ones) go at once; other routes only when what they answer is a page.
    const toPrefixed = langRedirect(ctx, state);
    if (toPrefixed && route.cache === 'public') {
      redirectToLanguage(ctx, toPrefixed);
      return;
    }
    const cacheKey = route.cache === 'public' && ctx.method === 'GET' && state.isPublic && state.session.isNew && !state.session.dirty
      // The address the page was asked at is part of the key: a site without a base URL builds its absolute
      // links (share buttons, say) on the Host header, and a forged Host must not reach other visitors.
      ? `${state.site.id}|${state.lang}|${ctx.protocol}://${ctx.host}|${ctx.url}` : null;
    let cached = cacheKey ? s.pageCache.get(cacheKey, state.cspNonce) : undefined;
    // Another visitor's request is rendering this very page: its result, rather than one more render.
    const inFlight = cacheKey && cached === undefined ? s.pageCache.inFlight(cacheKey) : undefined;
    if (inFlight) {
      await inFlight;
      cached = s.pageCache.get(cacheKey!, state.cspNonce);
    }
    if (cached !== undefined) {
      ctx.type = 'html';
      ctx.body = cached;
      return;
    }
    // Read before the page reads anything: a change written meanwhile keeps this render out of the cache.
    const generation = cacheKey ? s.pageCache.generation() : 0;
    await limitRate(req, route, s);
    let rendered: (() => void) | undefined;
    if (cacheKey && !s.pageCache.inFlight(cacheKey)) s.pageCache.rendering(cacheKey, new Promise<void>((resolve) => { rendered = resolve; }));
    try {
      await renderHttp(ctx, req, route, s, state, cacheKey, generation, toPrefixed);
    } finally {
      rendered?.();
    }
  } catch (caught) {
    await answerHttpError(ctx, req, s, caught);
  }
}

/** Runs an http route's handler and renders what it returned (kept in the public page cache when it may). */
async function renderHttp(
  ctx: Koa.Context, req: RequestContext, route: RouteDefinition, s: DispatchServices, state: RequestState,
  cacheKey: string | null, generation: number, toPrefixed: string | null,
): Promise<void> {
  const result = await handleForm(req, route);
  // (Koa's status is still its default 404 until a body is set; a handler that chose one keeps it.)
  if (result !== undefined && toPrefixed && !ctx.body && (ctx.status === 404 || ctx.status === 200) && !ctx.response.get('Location')) {
    redirectToLanguage(ctx, toPrefixed);
    return;
  }
  if (result !== undefined) {
    const bytes = await s.renderPage(req, result);
    ctx.type = 'html';
    // Bytes, encoded once by the renderer: Koa would measure a string's UTF-8 length and Node encode it
    // again when sending (a long page is a long string, often of two-byte characters). The type is set
    // first: it stays.
    ctx.body = bytes;
    if (cacheKey && ctx.status === 200 && !state.session.dirty && !ctx.response.get('Set-Cookie')) s.pageCache.set(cacheKey, bytes.toString(), state.cspNonce, generation);
  }
}

async function answerHttpError(ctx: Koa.Context, req: RequestContext, s: DispatchServices, caught: unknown): Promise<void> {
  const err = fromDatabaseError(caught);
  const status = err instanceof MissingError ? 404 : err instanceof AccessError || err instanceof AccessDenied ? 403
    : err instanceof QueryCanceled ? 503 : err instanceof TooManyRequests ? 429 : err instanceof PayloadTooLarge ? 413
      : err instanceof UserError ? 400 : 500;
  if (status === 500) s.logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'http route failed');
  if (status === 503) s.logger.warn({ err: caught, requestId: ctx.state.requestId, path: ctx.path }, 'statement cancelled');
  ctx.status = status;
  if (err instanceof TooManyRequests) ctx.set('Retry-After', String(err.retryAfterSeconds));
  ctx.type = 'html';
  ctx.body = await s.renderError(req, status, status === 500 ? `An internal error occurred (request ${ctx.state.requestId}).` : (err as Error).message);
}

/**
 * An http route with a schema gets its params checked and cast by it; when they break it, the route's
 * `invalid` answer (the form again, each message under its field) with a 400, else the 400 error page.
 */
async function handleForm(req: RequestContext, route: RouteDefinition): Promise<unknown> {
  if (!route.params) return route.handler(req);
  try {
    req.params = await checkParams(route.params, req.params, req.http.method === 'GET' || req.http.method === 'HEAD' ? 'query' : 'form');
  } catch (err) {
    if (!(err instanceof InvalidFields) || !route.invalid) throw err;
    req.reply.status(400);
    return route.invalid(req, err.fields);
  }
  return route.handler(req);
}

/** Where a GET page chosen in another language by the cookie must go (`/fr/page/x?y`), or null. */
function langRedirect(ctx: Koa.Context, state: RequestState): string | null {
  if (!state.cookieLangPrefix || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return null;
  const target = `/${state.cookieLangPrefix}${ctx.path === '/' ? '' : ctx.path}${ctx.querystring ? `?${ctx.querystring}` : ''}`;
  return safeRedirect(target, `/${state.cookieLangPrefix}`);
}

function redirectToLanguage(ctx: Koa.Context, target: string): void {
  ctx.status = 302;
  ctx.redirect(target);
  // Depends on the visitor's cookie: no shared cache may keep it for others.
  ctx.set('Cache-Control', 'no-store');
  ctx.vary('Cookie');
}

/** A body over the limit (answered 413). */
class PayloadTooLarge extends ValidationError {}

async function limitRate(req: RequestContext, route: RouteDefinition, s: DispatchServices): Promise<void> {
  if (!route.rateLimit) return;
  await enforceRateLimit(s.limiter, route.rateLimit, { ip: req.ip, uid: req.isPublic ? null : req.user.id, siteId: req.site.id });
}

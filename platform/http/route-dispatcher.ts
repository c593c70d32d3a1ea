import type Koa from 'koa';
import coBody from 'co-body';
import { koaBody } from 'koa-body';
import type { Logger } from 'pino';
import { ValidationError as YupValidationError } from 'yup';
import { AccessDenied, AccessError, MissingError, SessionExpired, UserError, ValidationError } from '../kernel/errors';
import type { OwnedRoute } from '../kernel/kernel';
import { checkCsrfToken, csrfToken } from './csrf';
import { envelope, errorPayload, InvalidRequest, readEnvelope } from './json-rpc';
import { loginUrl } from './login-url';
import type { PublicPageCache } from './public-page-cache';
import type { RateLimiter } from './rate-limiter';
import type { RequestState } from './request-state';
import type { RequestContext, RouteDefinition } from './route-definition';

export interface DispatchServices {
  limiter: RateLimiter;
  logger: Logger;
  secret: () => string;
  /** Renders an http handler's return value (React element or string) as a page. */
  renderPage: (req: RequestContext, body: unknown) => Promise<string>;
  renderError: (req: RequestContext, status: number, message: string) => Promise<string>;
  pageCache: PublicPageCache;
}

// No multipart: no form posts files, and formidable would leave every uploaded file in the temporary
// folder, parsed before the CSRF check (a disk any visitor could fill). A route that takes uploads
// should opt in with its own parser and remove the files.
const formBody = koaBody({ multipart: false, urlencoded: true, json: false, formLimit: '2mb' });

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
    pathParams: (ctx.params ?? {}) as Record<string, string>,
    ip: ctx.ip,
    csrfToken: () => {
      if (!state.session.get('csrf')) state.session.set('csrf', true); // a token needs a stored session
      return csrfToken(s.secret(), state.session);
    },
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
    let body: unknown;
    try {
      body = await coBody.json(ctx, { limit: '4mb', strict: true });
    } catch (err) {
      if ((err as { status?: number }).status === 413) throw new InvalidRequest('Request body too large');
      throw new InvalidRequest('Malformed JSON');
    }
    const env = readEnvelope(body);
    id = env.id;
    const state = ctx.state as RequestState;
    if (route.auth === 'user' && state.isPublic) throw new SessionExpired();
    await enforceRateLimit(req, route, s);
    req.params = route.params ? await validateParams(route, env.params) : env.params;
    const result = await route.handler(req);
    ctx.body = envelope(id, { result: result === undefined ? null : result });
  } catch (err) {
    if (!(err instanceof UserError)) s.logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'json route failed');
    ctx.body = envelope(id, { error: errorPayload(err) });
  }
}

async function validateParams(route: RouteDefinition, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  try {
    return await route.params!.noUnknown(true, 'Unknown parameter(s): ${unknown}').validate(params, { strict: true, abortEarly: true, stripUnknown: false });
  } catch (err) {
    if (err instanceof YupValidationError) throw new ValidationError(err.message);
    throw err;
  }
}

async function runHttp(ctx: Koa.Context, req: RequestContext, route: RouteDefinition, s: DispatchServices): Promise<void> {
  const state = ctx.state as RequestState;
  try {
    if (route.auth === 'user' && state.isPublic) {
      ctx.redirect(loginUrl(ctx.originalUrl));
      return;
    }
    if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'DELETE') {
      try {
        await formBody(ctx, async () => undefined);
      } catch {
        throw new ValidationError('The form could not be read');
      }
      const body = (ctx.request.body ?? {}) as Record<string, unknown>;
      if (route.csrf !== false && !checkCsrfToken(s.secret(), state.session, body.csrf_token)) {
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
    const cacheKey = route.cache === 'public' && ctx.method === 'GET' && state.isPublic && state.session.isNew && !state.session.dirty
      ? `${state.site.id}|${state.lang}|${ctx.url}` : null;
    const cached = cacheKey ? s.pageCache.get(cacheKey, state.cspNonce) : undefined;
    if (cached !== undefined) {
      ctx.type = 'html';
      ctx.body = cached;
      return;
    }
    await enforceRateLimit(req, route, s);
    const result = await route.handler(req);
    if (result !== undefined) {
      ctx.type = 'html';
      ctx.body = await s.renderPage(req, result);
      if (cacheKey && ctx.status === 200 && !state.session.dirty && !ctx.response.get('Set-Cookie')) s.pageCache.set(cacheKey, ctx.body as string, state.cspNonce);
    }
  } catch (err) {
    const status = err instanceof MissingError ? 404 : err instanceof AccessError || err instanceof AccessDenied ? 403 : err instanceof UserError ? (err instanceof TooManyRequests ? 429 : 400) : 500;
    if (status === 500) s.logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'http route failed');
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = await s.renderError(req, status, status === 500 ? `An internal error occurred (request ${ctx.state.requestId}).` : (err as Error).message);
  }
}

export class TooManyRequests extends UserError {
  override name = 'UserError';
}

async function enforceRateLimit(req: RequestContext, route: RouteDefinition, s: DispatchServices): Promise<void> {
  if (!route.rateLimit) return;
  const { name, limit, windowSeconds } = route.rateLimit;
  if (!(await s.limiter.hit(`${name}:${req.ip}`, limit, windowSeconds))) {
    throw new TooManyRequests('Too many requests. Please wait a moment and try again.');
  }
}

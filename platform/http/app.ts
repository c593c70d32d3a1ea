import { compression } from './compression';
import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Container } from 'inversify';
import type { Knex } from 'knex';
import type { Config } from '@platform/core/config';
import { LoggerToken } from '@platform/core/tokens';
import { RequestScope } from '@platform/core/request-scope';
import { EnvFactory } from '@platform/orm/env-factory';
import { LanguageCatalog } from './language-catalog';
import { clientIp } from './client-ip';
import { refuseMalformedHost } from './host-header';
import { PageRendering } from './page-rendering';
import type { OwnedRoute, RequestContext } from './route-definition';
import { requestContext, requestLogging } from './pipeline';
import { PublicPageCache } from './public-page-cache';
import { WriteSignal } from '@platform/db/write-signal';
import { RateLimiter } from './rate-limiter';
import { RequestIdentityResolver } from './request-identity';
import type { RequestState } from './request-state';
import { dispatch, makeRequest } from './route-dispatcher';
import { allowedMethods, answerMethodNotAllowed } from './method-not-allowed';
import { loadDatabaseSecret } from './secret';
import { securityHeaders } from './security-headers';
import { SessionStore } from './session-store';
import { SiteService } from './site-service';
import { untrustedProxyHint } from './untrusted-proxy-hint';

export interface AppInputs {
  container: Container;
  db: Knex;
  config: Config;
  /** Every route with the module that owns it (duplicates already refused by the kernel). */
  routes: OwnedRoute[];
  /** Tables whose writes leave the public page cache alone (the modules' `unseenTables`). */
  unseenTables: string[];
}

/** Builds the Koa application serving every route of the loaded modules. */
export async function createApp({ container: c, db, config, routes, unseenTables }: AppInputs): Promise<Koa> {
  const logger = c.get<Logger>(LoggerToken);
  const secret = await loadDatabaseSecret(db);
  const hops = config.trustProxyHops;
  // maxIpsCount keeps Koa's own `ctx.ips` to the entries the proxies wrote; `ctx.ip` is set below.
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.silent = true;
  app.on('error', (err) => logger.error({ err }, 'koa error'));

  const proxyHint = untrustedProxyHint(logger, hops);
  app.use((ctx, next) => {
    proxyHint(ctx.req.headers, ctx.req.socket.remoteAddress);
    // The one definition of the client address, shared with the hot paths.
    ctx.request.ip = clientIp(ctx.req.headers['x-forwarded-for'], ctx.req.socket.remoteAddress, hops);
    return next();
  });
  app.use(requestLogging(logger, c.get(RequestScope)));
  // Outside everything that sets a body (routes, error pages), inside the logging that times it.
  app.use(compression());
  app.use(refuseMalformedHost(hops > 0));
  app.use(securityHeaders());
  app.use(requestContext({
    sites: c.get(SiteService), sessions: c.get(SessionStore), identities: c.get(RequestIdentityResolver), envs: c.get(EnvFactory), logger,
    languages: c.get(LanguageCatalog),
  }));
  const pages = c.get<PageRendering>(PageRendering);

  const router = new Router();
  const fallbacks = new Router();
  const services = {
    limiter: c.get(RateLimiter),
    logger,
    secret: () => secret,
    renderPage: (req: RequestContext, body: unknown) => pages.renderBytes(req, body),
    renderError: (req: RequestContext, status: number, message: string) => pages.renderError(req, status, message),
    pageCache: c.isBound(PublicPageCache) ? c.get(PublicPageCache) : new PublicPageCache(new WriteSignal(db, unseenTables)),
  };
  const owners = new Map<unknown, OwnedRoute>();
  for (const owned of routes) {
    const methods = owned.route.methods ?? [owned.route.type === 'json' ? 'POST' : 'GET'];
    const registered = (owned.route.fallback ? fallbacks : router).register(owned.route.path, methods, dispatch(owned, services));
    if (!owned.route.fallback) owners.set(registered, owned);
  }
  const allowed = allowedMethods(router, owners);
  app.use(router.routes());
  const renderError = (ctx: Koa.Context, status: number, message: string) => pages.renderError(makeRequest(ctx, ctx.state as RequestState, services), status, message);
  // A path that exists with other methods: 405 with Allow (OPTIONS: just the list), before any fallback
  // route (a website page at any URL) could take it for a page of its own.
  app.use(async (ctx, next) => {
    if (ctx.status !== 404 || ctx.body) return next();
    if (await answerMethodNotAllowed(ctx, allowed, (message) => renderError(ctx, 405, message))) return;
    return next();
  });
  // Fallback routes answer only what no route answered (a disabled module's route leaves a 404 too).
  const fallbackRoutes = fallbacks.routes();
  app.use((ctx, next) => (ctx.status === 404 && !ctx.body ? fallbackRoutes(ctx as Parameters<typeof fallbackRoutes>[0], next) : next()));
  app.use(async (ctx) => {
    if (ctx.status !== 404 || ctx.body) return;
    // Nothing matched (or the module is disabled on this site): the site's 404 page.
    ctx.status = 404;
    ctx.type = 'html';
    ctx.body = await renderError(ctx, 404, 'The page you are looking for does not exist.');
  });
  return app;
}

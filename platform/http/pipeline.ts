import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { RequestScope } from '@platform/core/request-scope';
import type { EnvFactory } from '@platform/orm/env-factory';
import { noStoreWhenPersonal } from './personal-responses';
import { sessionCookie, SESSION_COOKIE, type RequestIdentityResolver } from './request-identity';
import type { RequestState } from './request-state';
import { safeRedirect } from './safe-redirect';
import { dropVisitorCsrfCookie } from './csrf-binding';
import { Session } from './session';
import type { SessionStore } from './session-store';
import type { SiteService } from './site-service';
import type { LanguageCatalog } from './language-catalog';
import type { Site } from './site';

export { SESSION_COOKIE };
export const LANG_COOKIE = 'frontend_lang';

export interface PipelineServices {
  sites: SiteService;
  sessions: SessionStore;
  identities: RequestIdentityResolver;
  envs: EnvFactory;
  logger: Logger;
  languages: LanguageCatalog;
}

/**
 * Request id + access log; turns anything unhandled into a plain 500 without internals. The rest of
 * the request, and any work it leaves behind, runs in the request's scope: their log lines carry its id.
 */
export function requestLogging(logger: Logger, scope: RequestScope): Koa.Middleware {
  return async (ctx, next) => {
    const requestId = (ctx.get('x-request-id') || '').replace(/[^\w-]/g, '').slice(0, 64) || crypto.randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await scope.run({ requestId }, next);
    } catch (err) {
      logger.error({ err, requestId, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.type = 'text/plain';
      ctx.body = `Internal Server Error (request ${requestId})`;
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (logger.isLevelEnabled('debug')) logger.debug({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
    }
  };
}

/** Resolves site, session, user, language and the ORM environment, then saves the session. */
export function requestContext(s: PipelineServices): Koa.Middleware {
  return async (ctx, next) => {
    const state = ctx.state as RequestState;
    state.site = await s.sites.resolve(ctx.get('host'));
    if (await stripLanguagePrefix(ctx, state.site, s.languages)) return;
    // External JSON-RPC clients may name their session in a header instead of the cookie.
    const sid = sessionCookie(ctx.req) || ctx.get('x-openerp-session-id') || undefined;
    const { session, user, isPublic, sessionExpired, signedOut } = await s.identities.resolve(state.site, sid);
    state.session = session;
    state.sessionExpired = sessionExpired || signedOut;
    state.isPublic = isPublic;
    state.user = user;
    state.lang = pickLang(ctx, state);
    if (!state.urlLang && state.lang !== state.site.defaultLang) state.cookieLangPrefix = (await s.languages.find(state.lang))?.urlCode;
    state.env = s.envs.forUser(state.user, state.site.id, state.lang, clientGone(ctx));

    await next();
    await persistSession(ctx, s.sessions, session);
    noStoreWhenPersonal(ctx, state);
  };
}

/**
 * Aborted when the client goes away before its response is complete (the socket closed): the
 * PostgreSQL statement the request is running is then cancelled rather than left to finish for nobody.
 * Made when a transaction first asks for it, so requests that run none allocate nothing.
 */
function clientGone(ctx: Koa.Context): () => AbortSignal {
  let signal: AbortSignal | undefined;
  return () => {
    if (signal) return signal;
    const gone = new AbortController();
    const abandoned = () => !ctx.res.writableFinished;
    if (ctx.res.closed && abandoned()) gone.abort();
    else ctx.res.once('close', () => { if (abandoned()) gone.abort(); });
    return (signal = gone.signal);
  };
}

/**
 * `/fr/page/x` on a site that has French: the request is routed as `/page/x` in French. The default
 * language never carries a prefix: `/en/page/x` permanently redirects to `/page/x`. Returns true when
 * the response is already decided (redirect).
 */
async function stripLanguagePrefix(ctx: Koa.Context, site: Site, languages: LanguageCatalog): Promise<boolean> {
  const match = /^\/([a-zA-Z]{2,3}(?:[_-][a-zA-Z0-9]{2,4})?)(\/.*)?$/.exec(ctx.path);
  if (!match) return false;
  const lang = (await languages.all()).find((l) => l.urlCode === match[1] && site.langs.includes(l.code));
  if (!lang) return false;
  // `/en//evil.example` must not become a protocol-relative `//evil.example`: one leading slash only.
  const rest = (match[2] || '/').replace(/^\/+/, '/');
  if (lang.code === site.defaultLang) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    ctx.status = 301;
    // Checked like any redirect target: `/en/\evil.example` or `/en/.//evil.example` would leave the site.
    ctx.redirect(safeRedirect(rest + (ctx.querystring ? `?${ctx.querystring}` : ''), '/'));
    return true;
  }
  ctx.state.urlLang = lang.code;
  ctx.state.urlPrefix = match[1];
  ctx.state.unprefixedPath = rest;
  ctx.path = rest;
  return false;
}

function pickLang(ctx: Koa.Context, state: RequestState): string {
  const wanted = state.urlLang ?? ctx.cookies.get(LANG_COOKIE);
  return wanted && state.site.langs.includes(wanted) ? wanted : state.site.defaultLang;
}

async function persistSession(ctx: Koa.Context, store: SessionStore, session: Session): Promise<void> {
  if (session.uid !== null) dropVisitorCsrfCookie(ctx);
  if (!session.worthKeeping) {
    if (!session.isNew) {
      await store.destroy(session);
      ctx.cookies.set(SESSION_COOKIE, null);
    }
    return;
  }
  const isNew = session.isNew;
  await store.save(session);
  if (isNew) {
    ctx.cookies.set(SESSION_COOKIE, session.sid, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      overwrite: true,
      maxAge: 7 * 24 * 3600 * 1000,
    });
  }
}

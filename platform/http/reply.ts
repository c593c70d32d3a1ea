import type { Readable } from 'node:stream';
import type Koa from 'koa';
import { MissingError } from '@platform/core/errors';
import { localizedPath } from '@platform/common/localized-path';
import { safeRedirect } from './safe-redirect';

export interface RedirectOptions {
  /** 302 by default; 301 for moved pages, 303 after a form post. */
  status?: 301 | 302 | 303 | 307;
  /** Adds the request's language prefix (`/fr`) to a path of this site (default true). */
  keepLanguage?: boolean;
  /** Where to go when `target` would leave the site (default `/`). */
  fallback?: string;
}

export interface CookieOptions {
  maxAgeMs?: number;
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict';
}

/**
 * How a route answers, besides returning a page or a JSON-RPC result: the few things modules need from
 * an HTTP response, without Koa (whose whole context would otherwise be every module's API).
 */
export interface Reply {
  /** Sends the client to a path of this site (checked like every redirect: never to another host). */
  redirect(target: string, options?: RedirectOptions): void;
  /**
   * Sends the client to another site: only for an http(s) URL the module checked and stored itself (a
   * short link's target), never for one taken from the request (use `redirect`, which stays here).
   */
  redirectAway(url: string, status?: 301 | 302 | 303 | 307): void;
  status(code: number): void;
  header(name: string, value: string): void;
  removeHeader(name: string): void;
  /** A header already set on the response (the platform's Content-Security-Policy, say), or ''. */
  sentHeader(name: string): string;
  /**
   * Cache validators: sets `Cache-Control` and the `ETag`; true (and a 304 without body) when the
   * client's copy is still fresh, so the caller sends nothing more.
   */
  notModified(etag: string, cacheControl: string): boolean;
  /** Answers raw content (an XML sitemap, a script, an image) instead of a page. */
  send(body: string | Buffer | Readable, contentType: string): void;
  /** A file to download, named `filename`. */
  file(body: string | Buffer | Readable, contentType: string, filename: string): void;
  /** The 404 page with `message`. */
  notFound(message?: string): never;
  cookie(name: string, value: string, options?: CookieOptions): void;
}

/** What routes may read of the HTTP request itself (besides params, identity and language). */
export interface RequestInfo {
  method: string;
  /** The URL as asked, with its language prefix and query (`/fr/forum?page=2`). */
  url: string;
  querystring: string;
  /** `https://host:port` as the client reached the site (the Host header was checked before routing). */
  origin: string;
  /** `host:port` as the client named it (checked before routing; a link on it reaches only that client). */
  host: string;
  /** The whole URL as asked (`origin` + `url`). */
  href: string;
  /** Aborted when the client goes away before the answer is complete (a long poll stops waiting). */
  readonly gone: AbortSignal;
  secure: boolean;
  header(name: string): string;
  cookie(name: string): string | undefined;
}

export function makeReply(ctx: Koa.Context, urlPrefix: string | undefined): Reply {
  return {
    redirect(target, { status = 302, keepLanguage = true, fallback = '/' } = {}) {
      const safe = safeRedirect(target, fallback);
      const prefixed = keepLanguage && urlPrefix && !hasPrefix(safe, urlPrefix) ? localizedPath(safe, urlPrefix) : safe;
      ctx.status = status;
      ctx.redirect(prefixed);
    },
    redirectAway(url, status = 302) {
      if (!/^https?:\/\//i.test(url)) throw new Error(`redirectAway needs an absolute http(s) URL, not ${url.slice(0, 40)}`);
      ctx.status = status;
      ctx.redirect(url);
    },
    status(code) {
      ctx.status = code;
    },
    sentHeader(name) {
      return String(ctx.response.get(name) ?? '');
    },
    notModified(etag, cacheControl) {
      ctx.status = 200;
      ctx.set('Cache-Control', cacheControl);
      ctx.set('ETag', etag);
      if (!ctx.fresh) return false;
      ctx.status = 304;
      return true;
    },
    header(name, value) {
      ctx.set(name, value);
    },
    removeHeader(name) {
      ctx.remove(name);
    },
    send(body, contentType) {
      ctx.type = contentType;
      ctx.body = body;
    },
    file(body, contentType, filename) {
      ctx.type = contentType;
      ctx.attachment(filename);
      ctx.body = body;
    },
    notFound(message = 'Page not found') {
      throw new MissingError(message);
    },
    cookie(name, value, { maxAgeMs, httpOnly = true, sameSite = 'lax' } = {}) {
      ctx.cookies.set(name, value, { maxAge: maxAgeMs, httpOnly, sameSite, secure: ctx.secure, overwrite: true });
    },
  };
}

export function makeRequestInfo(ctx: Koa.Context): RequestInfo {
  let gone: AbortSignal | undefined;
  return {
    method: ctx.method,
    url: ctx.originalUrl,
    querystring: ctx.querystring,
    get origin() {
      return ctx.origin;
    },
    get host() {
      return ctx.host;
    },
    get href() {
      return ctx.href;
    },
    secure: ctx.secure,
    header: (name) => ctx.get(name),
    cookie: (name) => ctx.cookies.get(name),
    // Made when first asked: most requests never wait for anything.
    get gone() {
      if (gone) return gone;
      const controller = new AbortController();
      const res = ctx.res;
      if (res.closed && !res.writableFinished) controller.abort();
      else res.once('close', () => { if (!res.writableFinished) controller.abort(); });
      return (gone = controller.signal);
    },
  };
}

function hasPrefix(path: string, prefix: string): boolean {
  return path === `/${prefix}` || path.startsWith(`/${prefix}/`) || path.startsWith(`/${prefix}?`) || path.startsWith(`/${prefix}#`);
}

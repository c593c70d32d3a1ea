import type http from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { ContributionProvider } from '@platform/core/contribution';
import type { HotPathContribution, HotPathRequest } from './contribution-points';
import { clientIp, trustedProxyHops } from './client-ip';
import { requestHostsValid } from './host-header';
import crypto from 'node:crypto';
import { contentSecurityPolicy, FIXED_SECURITY_HEADERS, newCspNonce } from './security-headers';
import type { Site } from './site';
import type { SiteService } from './site-service';
import type { LanguageCatalog } from './language-catalog';
import type { PublicPageCache } from './public-page-cache';
import { SESSION_COOKIE } from './request-identity';
import { acceptedEncoding } from './compression';

/** What answers cached pages before the pipeline: the public page cache and the languages (URL prefixes). */
export interface EarlyPages {
  cache: PublicPageCache;
  languages: LanguageCatalog;
}

/** The language prefix the pipeline strips (`/fr/...`): same pattern as pipeline.ts. */
const LANG_PREFIX = /^\/([a-zA-Z]{2,3}(?:[_-][a-zA-Z0-9]{2,4})?)(\/.*)?$/;
const LANG_COOKIE_NAME = 'frontend_lang';

/** The fixed security headers as `writeHead` takes them flat (name, value, ...). */
const SECURITY_HEADERS = FIXED_SECURITY_HEADERS.flat();
/**
 * What every hot path's answer ends with, added in one concat. These answers have no body (redirects):
 * of the fixed security headers only `Referrer-Policy` acts on them (a redirect's policy governs the
 * referrer the next request sends). `nosniff` and `X-Frame-Options` concern a body a browser would read
 * or frame, and a redirect's target brings its own; each header costs Node a validation per answer,
 * about 0.3 µs, on the busiest URLs of a site (see the README's redirect figures).
 */
const REPLY_TAIL = [...FIXED_SECURITY_HEADERS.filter(([name]) => name === 'Referrer-Policy').flat(), 'Content-Length', '0'];

/**
 * The server's request handler: requests a hot path claims (and whose module is enabled on the site)
 * are answered directly; everything else, and anything a hot path declines, goes to Koa. When the site
 * is cached and the hot path answers synchronously, no promise is made at all: these are the busiest
 * URLs of a site.
 */
export function withHotPaths(app: Koa, hotPaths: ContributionProvider<HotPathContribution>, sites: SiteService, logger: Logger, pages?: EarlyPages): http.RequestListener {
  const callback = app.callback();
  const hops = trustedProxyHops(app);
  const all = hotPaths.getContributions();
  const early = pages ? cachedPages(pages, sites, hops > 0) : undefined;
  // Koa's turn: unless the public page cache holds the page (anonymous GET), answered here at once.
  const koa = early ? (req: http.IncomingMessage, res: http.ServerResponse) => (early(req, res) ? undefined : callback(req, res)) : callback;
  if (all.length === 0) return koa;

  const failed = (req: http.IncomingMessage, res: http.ServerResponse, path: string, err: unknown): void => {
    logger.error({ err, path }, 'hot path failed; answering through the normal pipeline');
    if (!res.headersSent) void koa(req, res);
    else res.destroy();
  };

  /** The hot paths matching a request, or undefined (the usual case: Koa's request, nothing allocated). */
  const claiming = (method: string, path: string): HotPathContribution[] | undefined => {
    let claimed: HotPathContribution[] | undefined;
    for (const c of all) if (c.matches(method, path)) (claimed ??= []).push(c);
    return claimed;
  };

  // No closure is made per request on the synchronous path (they show up in profiles at this rate).
  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q >= 0 ? url.slice(0, q) : url;
    const claimed = claiming(req.method ?? 'GET', path);
    // A malformed Host is Koa's to refuse (400), before any hot path builds anything from it.
    if (!claimed || !requestHostsValid(req.headers, hops > 0)) return koa(req, res);
    try {
      const site = sites.cachedResolve(req.headers.host);
      const outcome = site ? answer(site, req, res, path, claimed, 0) : sites.resolve(req.headers.host).then((s) => answer(s, req, res, path, claimed, 0));
      if (outcome === false) void koa(req, res);
      else if (outcome !== true) outcome.then((done) => {
        if (!done) void koa(req, res);
      }, (err) => failed(req, res, path, err));
    } catch (err) {
      failed(req, res, path, err);
    }
  };

  /** Offers the request to the claiming hot paths in turn, from index `from`; true once one answered. */
  function answer(site: Site, req: http.IncomingMessage, res: http.ServerResponse, path: string, claimed: HotPathContribution[], from: number): boolean | Promise<boolean> {
    const request = new Request(req, res, path, clientIp(req.headers['x-forwarded-for'], req.socket.remoteAddress, hops));
    for (let i = from; i < claimed.length; i++) {
      if (!site.modules.has(hotPaths.ownerOf(claimed[i]))) continue; // disabled on this site: Koa answers 404
      const handled = claimed[i].handle(request);
      if (handled === true) return true;
      if (handled !== false) return handled.then((done) => done || answer(site, req, res, path, claimed, i + 1));
    }
    return false;
  }
}

/**
 * Answers an anonymous GET from the public page cache before the Koa pipeline, sessions and routing,
 * when the pipeline would answer it from there too: no session (cookie or header) and no language
 * cookie (which may send the visitor elsewhere), the site and languages cached, and a page cached under
 * the key the route dispatcher uses (site, language, protocol and host, URL without the language
 * prefix). Same headers as the pipeline's cached answer: request id, security headers, a CSP with this
 * response's own nonce (put in the page's script tags), the content type. Returns false to let Koa answer.
 */
function cachedPages({ cache, languages }: EarlyPages, sites: SiteService, proxy: boolean) {
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (req.method !== 'GET' || !requestHostsValid(req.headers, proxy)) return false;
    const cookie = req.headers.cookie;
    if (cookie && (cookie.includes(`${SESSION_COOKIE}=`) || cookie.includes(`${LANG_COOKIE_NAME}=`))) return false;
    if (req.headers['x-openerp-session-id']) return false;
    const site = sites.cachedResolve(req.headers.host);
    if (!site) return false;
    let url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q >= 0 ? url.slice(0, q) : url;
    let lang = site.defaultLang;
    const prefix = LANG_PREFIX.exec(path);
    if (prefix) {
      const langs = languages.cachedAll();
      if (!langs) return false;
      const found = langs.find((l) => l.urlCode === prefix[1] && site.langs.includes(l.code));
      if (found) {
        if (found.code === site.defaultLang) return false; // the pipeline redirects to the unprefixed URL
        lang = found.code;
        url = (prefix[2] || '/').replace(/^\/+/, '/') + (q >= 0 ? url.slice(q) : '');
      }
    }
    // Koa's `ctx.protocol` and `ctx.host`, as the dispatcher's key has them.
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted;
    const forwardedProto = proxy ? header(req, 'x-forwarded-proto') : undefined;
    const protocol = encrypted ? 'https' : forwardedProto ? forwardedProto.split(/\s*,\s*/, 1)[0] : 'http';
    const host = ((proxy && header(req, 'x-forwarded-host')) || header(req, 'host') || '').split(/\s*,\s*/, 1)[0];
    const nonce = newCspNonce();
    // Gzip from parts deflated once per cached page (see PublicPageCache.getGzip), when accepted.
    const gzipped = acceptedEncoding(req.headers['accept-encoding'], true) === 'gzip';
    // A client taking brotli but not gzip: the pipeline compresses it (rare; browsers all take gzip).
    if (!gzipped && acceptedEncoding(req.headers['accept-encoding']) === 'br') return false;
    const key = `${site.id}|${lang}|${protocol}://${host}|${url}`;
    const page = gzipped ? cache.getGzip(key, nonce) : cache.getBytes(key, nonce);
    if (page === undefined) return false;
    cache.earlyHits++;
    const requestId = (header(req, 'x-request-id') ?? '').replace(/[^\w-]/g, '').slice(0, 64) || crypto.randomUUID();
    res.writeHead(200, [
      'X-Request-Id', requestId, ...SECURITY_HEADERS, 'Content-Security-Policy', contentSecurityPolicy(nonce),
      'Content-Type', 'text/html; charset=utf-8', 'Vary', 'Accept-Encoding', ...(gzipped ? ['Content-Encoding', 'gzip'] : []),
      'Content-Length', String(page.length),
    ]);
    res.cork();
    for (const chunk of page.chunks) res.write(chunk);
    res.end();
    return true;
  };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

class Request implements HotPathRequest {
  constructor(readonly req: http.IncomingMessage, readonly res: http.ServerResponse, readonly path: string, readonly ip: string) {}

  reply(status: number, headers: string[]): void {
    this.res.writeHead(status, headers.concat(REPLY_TAIL));
    this.res.end();
  }
}

import type http from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { ContributionProvider } from '@platform/core/contribution';
import type { HotPathContribution, HotPathRequest } from './contribution-points';
import { clientIp, trustedProxyHops } from './client-ip';
import { requestHostsValid } from './host-header';
import { FIXED_SECURITY_HEADERS } from './security-headers';
import type { Site } from './site';
import type { SiteService } from './site-service';

/** The fixed security headers as `writeHead` takes them flat (name, value, ...). */
const SECURITY_HEADERS = FIXED_SECURITY_HEADERS.flat();

/**
 * The server's request handler: requests a hot path claims (and whose module is enabled on the site)
 * are answered directly; everything else, and anything a hot path declines, goes to Koa. When the site
 * is cached and the hot path answers synchronously, no promise is made at all: these are the busiest
 * URLs of a site.
 */
export function withHotPaths(app: Koa, hotPaths: ContributionProvider<HotPathContribution>, sites: SiteService, logger: Logger): http.RequestListener {
  const koa = app.callback();
  const hops = trustedProxyHops(app);
  const all = hotPaths.getContributions();
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

class Request implements HotPathRequest {
  constructor(readonly req: http.IncomingMessage, readonly res: http.ServerResponse, readonly path: string, readonly ip: string) {}

  reply(status: number, headers: string[]): void {
    this.res.writeHead(status, [...headers, ...SECURITY_HEADERS, 'Content-Length', '0']);
    this.res.end();
  }
}

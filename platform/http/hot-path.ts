import type http from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { ContributionProvider } from '../kernel/contribution';
import type { HotPathContribution } from '../kernel/contribution-points';
import type { SiteService } from './site-service';

/** The headers securityHeaders() gives every Koa response; hot paths answer with them too. */
const SECURITY_HEADERS: Array<[string, string]> = [
  ['X-Content-Type-Options', 'nosniff'], ['X-Frame-Options', 'SAMEORIGIN'], ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/** The client address as Koa computes `ctx.ip` (first X-Forwarded-For hop when the proxy is trusted). */
function clientIp(req: http.IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? '';
}

/**
 * The server's request handler: requests a hot path claims (and whose module is enabled on the site)
 * are answered directly; everything else, and anything a hot path declines, goes to Koa.
 */
export function withHotPaths(app: Koa, hotPaths: ContributionProvider<HotPathContribution>, sites: SiteService, logger: Logger): http.RequestListener {
  const koa = app.callback();
  const all = hotPaths.getContributions();
  if (all.length === 0) return koa;
  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q >= 0 ? url.slice(0, q) : url;
    const method = req.method ?? 'GET';
    const claimed = all.filter((c) => c.matches(method, path));
    if (claimed.length === 0) return koa(req, res);
    answer(req, res, path, claimed).then(
      (done) => {
        if (!done) koa(req, res);
      },
      (err) => {
        logger.error({ err, path }, 'hot path failed; answering through the normal pipeline');
        if (!res.headersSent) koa(req, res);
        else res.destroy();
      },
    );
  };

  async function answer(req: http.IncomingMessage, res: http.ServerResponse, path: string, claimed: HotPathContribution[]): Promise<boolean> {
    const site = await sites.resolve(req.headers.host);
    const ip = clientIp(req, app.proxy);
    for (const c of claimed) {
      if (!site.modules.has(hotPaths.ownerOf(c))) continue; // disabled on this site: Koa answers 404
      for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
      if (await c.handle({ req, res, path, ip })) return true;
    }
    return false;
  }
}

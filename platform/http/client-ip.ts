import type Koa from 'koa';

/**
 * The client's address, the same for Koa routes and the hot paths. Behind `trustedHops` reverse
 * proxies, each one appends the address it received the request from to X-Forwarded-For, so the
 * client is the `trustedHops`-th entry from the right: anything left of it was written by the client
 * and proves nothing. With fewer entries than proxies, the left-most one (a proxy was reached
 * directly); with none, or no trusted proxy, the peer of the socket.
 *
 * Runs on the redirect hot path: two `lastIndexOf` per hop and one slice, no split.
 */
export function clientIp(header: string | string[] | undefined, peer: string | undefined, trustedHops: number): string {
  // Node joins repeated X-Forwarded-For headers into one string; the array form is only in the types.
  const forwardedFor = Array.isArray(header) ? header.join(',') : header;
  if (trustedHops > 0 && forwardedFor) {
    let end = forwardedFor.length;
    let comma = forwardedFor.lastIndexOf(',');
    for (let hop = 1; hop < trustedHops && comma >= 0; hop++) {
      end = comma;
      comma = end > 0 ? forwardedFor.lastIndexOf(',', end - 1) : -1;
    }
    const entry = forwardedFor.slice(comma + 1, end).trim();
    if (entry) return entry;
  }
  return peer ?? '';
}

/** How many proxies an app trusts, from its Koa settings (`proxy` on, `maxIpsCount` hops, at least one). */
export function trustedProxyHops(app: Pick<Koa, 'proxy' | 'maxIpsCount'>): number {
  return app.proxy ? Math.max(1, app.maxIpsCount) : 0;
}

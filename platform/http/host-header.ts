import ipaddr from 'ipaddr.js';
import type Koa from 'koa';

/** A Host (or X-Forwarded-Host) header that parsed: the name in lower case, the port when one was given. */
export interface HostHeader {
  hostname: string;
  port: number | null;
}

const DNS_LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/;
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * `name[:port]` as RFC 7230 allows it in a Host header, strictly: a DNS name (labels of letters, digits,
 * `-` and `_`, optional final dot), a dotted IPv4 address, or a bracketed IPv6 one, then a port 1-65535.
 * Null for anything else (`localhost:abc`, `localhost:99999`, `127.0.0.1:8324 evil`, `a@b`): such a
 * header is refused before routing, so no code ever builds a URL from it. Runs on every request, hot
 * paths included: a regex or two, no allocation beyond the result.
 */
export function parseHostHeader(value: string | undefined): HostHeader | null {
  if (!value || value.length > 261) return null;
  let name = value;
  let port: number | null = null;
  const colon = value.lastIndexOf(':');
  if (colon >= 0 && value.indexOf(']', colon) < 0) {
    const digits = value.slice(colon + 1);
    if (!/^\d{1,5}$/.test(digits)) return null;
    port = Number(digits);
    if (port < 1 || port > 65535) return null;
    name = value.slice(0, colon);
  }
  name = name.toLowerCase();
  if (name.startsWith('[')) {
    const inner = name.endsWith(']') ? name.slice(1, -1) : '';
    return inner && ipaddr.IPv6.isValid(inner) && !inner.includes('%') ? { hostname: name, port } : null;
  }
  if (DOTTED_QUAD.test(name)) return ipaddr.IPv4.isValidFourPartDecimal(name) ? { hostname: name, port } : null;
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  if (!bare || bare.length > 253 || !bare.split('.').every((label) => DNS_LABEL.test(label))) return null;
  return { hostname: name, port };
}

/**
 * Host values already found valid: a site is asked for under a handful of names, and parsing one (an
 * IPv4 address goes through ipaddr.js) was a third of the redirect hot path's own time. Only valid
 * values are kept (a client cannot fill it with its refusals); bounded, emptied when full.
 */
const validHosts = new Set<string>();
const MAX_VALID_HOSTS = 1000;

/** parseHostHeader(value) !== null, remembered for the values that pass. */
function hostValid(value: string): boolean {
  if (validHosts.has(value)) return true;
  if (!parseHostHeader(value)) return false;
  if (validHosts.size >= MAX_VALID_HOSTS) validHosts.clear();
  validHosts.add(value);
  return true;
}

/**
 * The host a request names for itself: X-Forwarded-Host's first entry behind a trusted proxy (as Koa
 * reads it), else Host. Both are checked: a proxy may pass a client's Host through.
 */
export function requestHostsValid(headers: { host?: string; 'x-forwarded-host'?: string | string[] }, trustProxy: boolean): boolean {
  const host = headers.host;
  // HTTP/1.0 clients (some health checks) may send none; they get the default site and no Host-based URL.
  if (host !== undefined && host !== '' && !hostValid(host)) return false;
  if (!trustProxy) return true;
  const forwarded = headers['x-forwarded-host'];
  if (forwarded === undefined) return true;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded).split(',')[0].trim();
  return first === '' || hostValid(first);
}

/** Koa middleware: a request whose Host (or trusted X-Forwarded-Host) is not a valid host[:port] gets a 400. */
export function refuseMalformedHost(trustProxy: boolean): (ctx: Koa.Context, next: Koa.Next) => unknown {
  return (ctx, next) => {
    if (requestHostsValid(ctx.req.headers, trustProxy)) return next();
    ctx.status = 400;
    ctx.type = 'text/plain';
    ctx.body = 'Bad Request: the Host header must be a host name or address, with an optional port (1-65535).';
    return undefined;
  };
}

import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching a URL a user typed, from the server, without letting that user reach what only the server
 * can reach (SSRF): the intranet, the loopback interface, cloud metadata endpoints.
 *
 * - only http and https;
 * - the host name is resolved here, every address is checked, and the connection is made to the
 *   checked address (no second DNS lookup an attacker could answer differently: DNS rebinding);
 * - redirects are followed by hand, each hop checked again;
 * - a deadline for the whole exchange and a cap on the body size.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchOptions {
  /** Deadline for the whole exchange, redirects included (default 5000 ms). */
  timeoutMs?: number;
  /** Bytes of body kept; the download stops there and `truncated` is set (default 1 MiB). */
  maxBytes?: number;
  /** Redirect hops followed (default 5). */
  maxRedirects?: number;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Resolves a host name (default: the system resolver, every address). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /**
   * Explicit exceptions to the address check, e.g. a test's own local server. Never set from user
   * input: whatever it lets through becomes reachable by anyone who can submit a URL.
   */
  allowAddress?: (address: string) => boolean;
}

export interface SafeFetchResult {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
}

/** The URL may not be fetched: bad scheme, forbidden address, too many redirects. */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
}

/** The fetch itself failed: timeout, connection refused, unknown host... */
export class FetchFailedError extends Error {
  override name = 'FetchFailedError';
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(rawUrl: string, opts: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  const maxRedirects = opts.maxRedirects ?? 5;
  let url = parseHttpUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const address = await checkedAddress(url, opts, deadline);
    const answer = await request(url, address, opts, deadline);
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.status) || !location) return answer;
    if (hop >= maxRedirects) throw new UnsafeUrlError(`Too many redirects (more than ${maxRedirects})`);
    try {
      url = parseHttpUrl(new URL(location, url).toString());
    } catch (err) {
      throw err instanceof UnsafeUrlError ? err : new UnsafeUrlError('Invalid redirect location');
    }
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Invalid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UnsafeUrlError(`Scheme '${url.protocol}' is not allowed`);
  if (url.username || url.password) throw new UnsafeUrlError('Credentials in URLs are not allowed');
  return url;
}

/** Resolves the URL's host and returns one address, once every address it has was found public. */
async function checkedAddress(url: URL, opts: SafeFetchOptions, deadline: number): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  const family = net.isIP(host);
  if (family) addresses = [{ address: host, family: family as 4 | 6 }];
  else {
    const resolve = opts.resolve ?? systemResolve;
    try {
      addresses = await withDeadline(resolve(host), deadline);
    } catch (err) {
      throw err instanceof FetchFailedError ? err : new FetchFailedError(`Cannot resolve '${host}'`);
    }
  }
  if (addresses.length === 0) throw new FetchFailedError(`Cannot resolve '${host}'`);
  // Every address, not just the first: the connection could otherwise land on a private one.
  for (const a of addresses) {
    if (!isPublicAddress(a.address) && !opts.allowAddress?.(a.address)) {
      throw new UnsafeUrlError(`The address of '${host}' is not public`);
    }
  }
  return addresses[0];
}

async function systemResolve(host: string): Promise<ResolvedAddress[]> {
  const list = await dns.promises.lookup(host, { all: true, verbatim: true });
  return list.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

function request(url: URL, address: ResolvedAddress, opts: SafeFetchOptions, deadline: number): Promise<SafeFetchResult> {
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  // Connect to the address that was checked, whatever the resolver would say now.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new FetchFailedError('Timed out'));
    const timer = setTimeout(() => req.destroy(new FetchFailedError('Timed out')), remaining);
    const req = client.request(url, {
      method: opts.method ?? 'GET',
      lookup,
      headers: { 'User-Agent': 'siteplatform-link-preview/1.0', Accept: 'text/html,*/*;q=0.8', ...opts.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      const finish = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, url: url.toString(), headers: res.headers, body: Buffer.concat(chunks), truncated });
      };
      res.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length >= room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = true;
          finish();
          res.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        if (!truncated) finish();
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        if (!truncated) reject(err instanceof FetchFailedError ? err : new FetchFailedError(err.message));
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err instanceof FetchFailedError ? err : new FetchFailedError(err.message));
    });
    req.end();
  });
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new FetchFailedError('Timed out')), Math.max(0, deadline - Date.now()));
    promise.then((v) => { clearTimeout(timer); resolve(v); }, (e) => { clearTimeout(timer); reject(e); });
  });
}

/* ---- address classification ---- */

// Embedded-IPv4 forms, classified as the IPv4 address they carry (RFC 6052 well-known NAT64 prefix;
// the SIIT / IPv4-translated ::ffff:0:0/96 of RFC 6145 is ipaddr.js's 'rfc6145', mapped ::ffff:0:0/96 its 'ipv4Mapped').
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
// IANA's global unicast allocation: ipaddr.js calls every address outside its special ranges 'unicast',
// including never-allocated space and the deprecated IPv4-compatible ::a.b.c.d, which some stacks still route to IPv4.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * True when the address belongs to the public Internet: ipaddr.js classifies it as 'unicast' (not
 * private, loopback, link-local, carrier-grade NAT, reserved, multicast, benchmarking...). An IPv6
 * address that carries an IPv4 one (mapped, SIIT-translated, well-known NAT64, 6to4) is the IPv4 it
 * carries; the local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215) is the operator's own translator, which
 * reaches its private IPv4 space, so it is never public, nor is Teredo (its client address is obscured).
 */
export function isPublicAddress(ip: string): boolean {
  // net.isIP is strict (ipaddr.js would also take '127.1' or '0x7f.1'); the zone of a link-local address is not part of it.
  if (!net.isIP(ip.replace(/%.*$/, ''))) return false;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip);
  } catch {
    return false;
  }
  return address.kind() === 'ipv4' ? address.range() === 'unicast' : publicV6(address as ipaddr.IPv6);
}

function publicV6(address: ipaddr.IPv6): boolean {
  const embedded = embeddedV4(address);
  if (embedded) return embedded.range() === 'unicast';
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST);
}

/** The IPv4 address an IPv6 one stands for, if it is one of the forms that translate to IPv4. */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN)) return v4(p[6], p[7]);
  if (address.match(SIX_TO_FOUR)) return v4(p[1], p[2]);
  return null;
}

function v4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

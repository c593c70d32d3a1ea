import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

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

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** IPv4 ranges that are not the public Internet (RFC 6890 and friends). */
const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

/** IPv6 ranges that are not the public Internet; embedded IPv4 forms are checked as IPv4 instead. */
const V6_BLOCKED: Array<[string, number]> = [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10],
  ['fec0::', 10], ['ff00::', 8],
];



/** [first, last] of each blocked IPv4 range, as numbers (checked on every click's address too). */
const V4_RANGES: Array<[number, number]> = V4_BLOCKED.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const first = Math.floor(v4ToInt(base) / size) * size;
  return [first, first + size - 1];
});

function v4Blocked(ip: string): boolean {
  const n = v4ToInt(ip);
  for (const [first, last] of V4_RANGES) if (n >= first && n <= last) return true;
  return false;
}

/** The 128-bit value of an IPv6 address (any textual form, including a dotted IPv4 tail). */
function v6ToBigInt(ip: string): bigint {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const n = v4ToInt(tail[1]);
    text = `${text.slice(0, -tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const groups = rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

function inV6(value: bigint, base: string, bits: number): boolean {
  const shift = BigInt(128 - bits);
  return (value >> shift) === (v6ToBigInt(base) >> shift);
}

function intToV4(n: number): string {
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
}

/** True when the address belongs to the public Internet (not private, loopback, link-local, metadata...). */
export function isPublicAddress(ip: string): boolean {
  const family = net.isIP(ip.replace(/%.*$/, ''));
  if (family === 4) return !v4Blocked(ip);
  if (family !== 6) return false;
  const value = v6ToBigInt(ip);
  const low32 = Number(value & 0xffffffffn);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (inV6(value, '::ffff:0:0', 96) || inV6(value, '64:ff9b::', 96) || (inV6(value, '::', 96) && value > 1n)) {
    return !v4Blocked(intToV4(low32));
  }
  // 6to4 (2002::/16) embeds an IPv4 address in bits 16-48.
  if (inV6(value, '2002::', 16)) return !v4Blocked(intToV4(Number((value >> 80n) & 0xffffffffn)));
  return !V6_BLOCKED.some(([base, bits]) => inV6(value, base, bits));
}
